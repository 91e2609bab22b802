-- A club's page shows what its members are reading ("lendo agora"): visitors' copies (tag `club:<id>`) must
-- drop when a member starts, finishes or leaves a book, or changes what their profile shows, whichever code
-- path wrote. The tags go on the HTML cache's realtime channel (as in migration 0016), once per club the
-- reader is an active member of, delivered only if the transaction commits.
CREATE FUNCTION notify_member_clubs() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  reader text;
  tags json;
BEGIN
  IF TG_TABLE_NAME = 'users' THEN reader := NEW.id;
  ELSIF TG_OP = 'DELETE' THEN reader := OLD.user_id;
  ELSE reader := NEW.user_id;
  END IF;
  SELECT json_agg('club:' || club_id ORDER BY club_id) INTO tags FROM club_members WHERE user_id = reader AND status = 'active';
  IF tags IS NOT NULL THEN
    PERFORM pg_notify('rt_bb7523eb3930f7ba4c71893a913ccccbd4739e97', tags::text);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER shelf_entries_member_clubs AFTER INSERT OR UPDATE OR DELETE ON shelf_entries FOR EACH ROW EXECUTE FUNCTION notify_member_clubs();
--> statement-breakpoint
CREATE TRIGGER users_member_clubs AFTER UPDATE ON users FOR EACH ROW WHEN ((OLD.name, OLD.image, OLD.username, OLD.profile_visibility, OLD.show_currently_reading, OLD.suspended_at) IS DISTINCT FROM (NEW.name, NEW.image, NEW.username, NEW.profile_visibility, NEW.show_currently_reading, NEW.suspended_at)) EXECUTE FUNCTION notify_member_clubs();
