-- The visitors' focus rankings (/foca/ranking, /f; HTML cache tag `focus-ranking`, decision 0084) list only public,
-- adult, unsuspended readers with a username. A reader leaving them drops the pages through their own `reader:` tag
-- (migration 0016); one joining them is on no cached page yet, so any change of what decides it, whichever code path
-- wrote (profile made public, suspension lifted, birth date fixed, username chosen), drops the rankings at commit,
-- when the reader has minutes to show. Sent on the HTML cache's realtime channel, as migration 0016.
CREATE FUNCTION notify_focus_ranking_reader() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM focus_totals WHERE user_id = NEW.id) THEN
    PERFORM pg_notify('rt_bb7523eb3930f7ba4c71893a913ccccbd4739e97', '["focus-ranking"]');
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_focus_ranking AFTER UPDATE ON users FOR EACH ROW WHEN ((OLD.username, OLD.profile_visibility, OLD.suspended_at, OLD.birth_date) IS DISTINCT FROM (NEW.username, NEW.profile_visibility, NEW.suspended_at, NEW.birth_date)) EXECUTE FUNCTION notify_focus_ranking_reader();
