-- clubs.member_count (the directory's sort and the member cap) counts active memberships whichever code path
-- wrote them, account deletions' cascades included: each change of a membership moves the count in the
-- writing transaction.
CREATE FUNCTION count_club_members() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.status = 'active' THEN
    UPDATE clubs SET member_count = member_count - 1 WHERE id = OLD.club_id;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.status = 'active' THEN
    UPDATE clubs SET member_count = member_count + 1 WHERE id = NEW.club_id;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER club_members_count AFTER INSERT OR DELETE OR UPDATE OF status, club_id ON club_members FOR EACH ROW EXECUTE FUNCTION count_club_members();
