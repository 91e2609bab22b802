-- An edition's page lists the LCs reading it ("LCs lendo este livro"), and visitors get it from the HTML cache
-- under `edition:<id>`. Whatever code path changes what that list shows — an LC's title, identificador,
-- visibility, dates, early close, its deletion, or its books — these triggers send the tags of the LC's editions on
-- the HTML cache's realtime channel (rt_ + sha1('html_cache'), as 0016), delivered only if the transaction commits.
CREATE FUNCTION notify_group_read_edition_pages() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  editions text[];
BEGIN
  IF TG_TABLE_NAME = 'group_read_editions' THEN
    IF TG_OP = 'DELETE' THEN editions := ARRAY[OLD.edition_id];
    ELSIF TG_OP = 'UPDATE' THEN editions := ARRAY[OLD.edition_id, NEW.edition_id];
    ELSE editions := ARRAY[NEW.edition_id];
    END IF;
  ELSE
    editions := ARRAY(SELECT edition_id FROM group_read_editions WHERE group_read_id = NEW.id);
  END IF;
  IF cardinality(editions) > 0 THEN
    PERFORM pg_notify('rt_bb7523eb3930f7ba4c71893a913ccccbd4739e97', (SELECT json_agg(DISTINCT 'edition:' || id)::text FROM unnest(editions) AS id));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Only what the list shows: a join (the participants' count) or a new cover changes nothing there.
CREATE TRIGGER group_reads_edition_pages AFTER UPDATE ON group_reads FOR EACH ROW WHEN ((OLD.title, OLD.slug, OLD.visibility, OLD.starts_on, OLD.ends_on, OLD.closed_early_at, OLD.host_user_id, OLD.host_club_id) IS DISTINCT FROM (NEW.title, NEW.slug, NEW.visibility, NEW.starts_on, NEW.ends_on, NEW.closed_early_at, NEW.host_user_id, NEW.host_club_id)) EXECUTE FUNCTION notify_group_read_edition_pages();
--> statement-breakpoint
-- An LC's deletion deletes its books' rows by cascade, which notify below.
CREATE TRIGGER group_read_editions_edition_pages AFTER INSERT OR UPDATE OR DELETE ON group_read_editions FOR EACH ROW EXECUTE FUNCTION notify_group_read_edition_pages();
