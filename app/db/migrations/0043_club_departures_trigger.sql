-- club_departures records each active membership that ends — leaving, a ban, a removal, an account deletion's
-- cascade — whichever code path wrote it, so /admin's members over time counts who was active at each point.
-- A club being deleted takes its memberships with it: those are not departures (and the club row is gone).
CREATE FUNCTION record_club_departure() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status = 'active' AND (TG_OP = 'DELETE' OR NEW.status <> 'active') THEN
    INSERT INTO club_departures (club_id, joined_at)
    SELECT OLD.club_id, OLD.joined_at
    WHERE EXISTS (SELECT 1 FROM clubs WHERE id = OLD.club_id);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER club_members_departure AFTER DELETE OR UPDATE OF status ON club_members FOR EACH ROW EXECUTE FUNCTION record_club_departure();
