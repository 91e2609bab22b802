-- Visitors' copies of a reader's profile page carry the HTML cache tag `reader:<id>` (docs/decisions/0026).
-- Every write that changes what that page shows drops it, whichever code path wrote: these triggers send the
-- tag on the HTML cache's realtime channel (rt_ + sha1('html_cache'), see app/server/realtime.server.ts),
-- delivered only if the transaction commits. Identical notifications in one transaction are folded into one.
CREATE FUNCTION notify_reader_pages() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r record;
  readers text[];
BEGIN
  IF TG_OP = 'DELETE' THEN r := OLD; ELSE r := NEW; END IF;
  IF TG_TABLE_NAME = 'users' THEN
    readers := ARRAY[r.id];
  ELSIF TG_TABLE_NAME IN ('shelf_entries', 'reading_goals') THEN
    readers := ARRAY[r.user_id];
  ELSIF TG_TABLE_NAME = 'read_throughs' THEN
    readers := ARRAY(SELECT user_id FROM shelf_entries WHERE id = r.shelf_entry_id);
  ELSIF TG_TABLE_NAME = 'atts' THEN
    readers := ARRAY[r.author_id];
  ELSIF TG_TABLE_NAME IN ('att_reactions', 'att_comments') THEN
    readers := ARRAY(SELECT author_id FROM atts WHERE id = r.att_id);
  ELSIF TG_TABLE_NAME = 'follows' THEN
    readers := ARRAY[r.follower_id, r.followee_id];
  END IF;
  IF readers IS NOT NULL AND cardinality(readers) > 0 THEN
    PERFORM pg_notify('rt_bb7523eb3930f7ba4c71893a913ccccbd4739e97', (SELECT json_agg('reader:' || id ORDER BY id)::text FROM unnest(readers) AS id));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Only what the profile shows: sign-ins and e-mail changes touch users without dropping anything.
CREATE TRIGGER users_reader_pages AFTER UPDATE ON users FOR EACH ROW WHEN ((OLD.name, OLD.image, OLD.username, OLD.pronouns, OLD.bio, OLD.links, OLD.profile_visibility, OLD.show_currently_reading, OLD.suspended_at) IS DISTINCT FROM (NEW.name, NEW.image, NEW.username, NEW.pronouns, NEW.bio, NEW.links, NEW.profile_visibility, NEW.show_currently_reading, NEW.suspended_at)) EXECUTE FUNCTION notify_reader_pages();
--> statement-breakpoint
CREATE TRIGGER users_deleted_reader_pages AFTER DELETE ON users FOR EACH ROW EXECUTE FUNCTION notify_reader_pages();
--> statement-breakpoint
CREATE TRIGGER shelf_entries_reader_pages AFTER INSERT OR UPDATE OR DELETE ON shelf_entries FOR EACH ROW EXECUTE FUNCTION notify_reader_pages();
--> statement-breakpoint
CREATE TRIGGER read_throughs_reader_pages AFTER INSERT OR UPDATE OR DELETE ON read_throughs FOR EACH ROW EXECUTE FUNCTION notify_reader_pages();
--> statement-breakpoint
CREATE TRIGGER reading_goals_reader_pages AFTER INSERT OR UPDATE OR DELETE ON reading_goals FOR EACH ROW EXECUTE FUNCTION notify_reader_pages();
--> statement-breakpoint
CREATE TRIGGER atts_reader_pages AFTER INSERT OR UPDATE OR DELETE ON atts FOR EACH ROW EXECUTE FUNCTION notify_reader_pages();
--> statement-breakpoint
CREATE TRIGGER att_reactions_reader_pages AFTER INSERT OR UPDATE OR DELETE ON att_reactions FOR EACH ROW EXECUTE FUNCTION notify_reader_pages();
--> statement-breakpoint
CREATE TRIGGER att_comments_reader_pages AFTER INSERT OR UPDATE OR DELETE ON att_comments FOR EACH ROW EXECUTE FUNCTION notify_reader_pages();
--> statement-breakpoint
CREATE TRIGGER follows_reader_pages AFTER INSERT OR UPDATE OR DELETE ON follows FOR EACH ROW EXECUTE FUNCTION notify_reader_pages();
