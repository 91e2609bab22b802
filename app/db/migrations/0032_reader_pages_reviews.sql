-- Visitors' pages that show a reader's reviews, atts or name (/ed/{id}/resenhas, /atts, /leitores) carry that
-- reader's `reader:<id>` tag, like their profile (docs/decisions/0036). Reviews had no trigger: moderation hiding
-- one, its author unpublishing, deleting or narrowing it (privado, seguidores) must drop those pages whichever
-- code path wrote. A draft's autosave touches only draft columns and drops nothing.
CREATE OR REPLACE FUNCTION notify_reader_pages() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r record;
  readers text[];
BEGIN
  IF TG_OP = 'DELETE' THEN r := OLD; ELSE r := NEW; END IF;
  IF TG_TABLE_NAME = 'users' THEN
    readers := ARRAY[r.id];
  ELSIF TG_TABLE_NAME IN ('shelf_entries', 'reading_goals', 'reviews') THEN
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
CREATE TRIGGER reviews_reader_pages AFTER UPDATE ON reviews FOR EACH ROW WHEN ((OLD.published_at IS NOT NULL OR NEW.published_at IS NOT NULL) AND (OLD.user_id, OLD.edition_id, OLD.body, OLD.spoiler, OLD.visibility, OLD.published_at, OLD.hidden_at) IS DISTINCT FROM (NEW.user_id, NEW.edition_id, NEW.body, NEW.spoiler, NEW.visibility, NEW.published_at, NEW.hidden_at)) EXECUTE FUNCTION notify_reader_pages();
--> statement-breakpoint
CREATE TRIGGER reviews_deleted_reader_pages AFTER DELETE ON reviews FOR EACH ROW WHEN (OLD.published_at IS NOT NULL) EXECUTE FUNCTION notify_reader_pages();
