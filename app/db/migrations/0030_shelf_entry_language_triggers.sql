-- shelf_entries.edition_language copies its edition's language (docs/decisions/0016): set on every insert and
-- edition change of an entry (a merge, whichever code path wrote), and rewritten on every entry of an edition
-- whose language a curator changes.
CREATE FUNCTION copy_edition_language() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'shelf_entries' THEN
    NEW.edition_language := (SELECT e.language FROM editions e WHERE e.id = NEW.edition_id);
    RETURN NEW;
  END IF;
  UPDATE shelf_entries SET edition_language = NEW.language WHERE edition_id = NEW.id AND edition_language <> NEW.language;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER shelf_entries_edition_language BEFORE INSERT OR UPDATE OF edition_id ON shelf_entries FOR EACH ROW EXECUTE FUNCTION copy_edition_language();
--> statement-breakpoint
CREATE TRIGGER editions_language_to_entries AFTER UPDATE OF language ON editions FOR EACH ROW WHEN (OLD.language IS DISTINCT FROM NEW.language) EXECUTE FUNCTION copy_edition_language();
--> statement-breakpoint
UPDATE shelf_entries s SET edition_language = e.language FROM editions e WHERE e.id = s.edition_id AND s.edition_language <> e.language;
