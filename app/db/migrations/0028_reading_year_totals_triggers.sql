-- The year's books and pages of a reader (reading_year_totals, docs/decisions/0023) go stale whenever a
-- read-through is finished, moved, reopened or deleted, an entry changes edition (a merge) or an edition's page
-- count changes. Whichever code path wrote, these triggers mark the (reader, year) rows concerned: the row is
-- inserted, or its figures emptied and its version bumped, in the writing transaction. The goal recounts an
-- emptied row when it is next read and keeps the figures only if the version is still the one it read, so a
-- recount that raced a change never hides it. A reader deleted in the same statement gets no row.
CREATE FUNCTION mark_reading_years() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'read_throughs' THEN
    INSERT INTO reading_year_totals AS t (user_id, year)
    SELECT DISTINCT c.user_id, c.year
    FROM (SELECT OLD.user_id, extract(year FROM OLD.finished_on)::int WHERE TG_OP <> 'INSERT'
          UNION ALL SELECT NEW.user_id, extract(year FROM NEW.finished_on)::int WHERE TG_OP <> 'DELETE') AS c (user_id, year)
    JOIN users u ON u.id = c.user_id
    WHERE c.year IS NOT NULL
    ORDER BY 1, 2
    ON CONFLICT (user_id, year) DO UPDATE SET version = t.version + 1, books = NULL, pages = NULL;
  ELSIF TG_TABLE_NAME = 'shelf_entries' THEN
    INSERT INTO reading_year_totals AS t (user_id, year)
    SELECT DISTINCT rt.user_id, extract(year FROM rt.finished_on)::int
    FROM read_throughs rt JOIN users u ON u.id = rt.user_id
    WHERE rt.shelf_entry_id = NEW.id AND rt.finished_on IS NOT NULL
    ORDER BY 1, 2
    ON CONFLICT (user_id, year) DO UPDATE SET version = t.version + 1, books = NULL, pages = NULL;
  ELSIF TG_TABLE_NAME = 'editions' THEN
    INSERT INTO reading_year_totals AS t (user_id, year)
    SELECT DISTINCT rt.user_id, extract(year FROM rt.finished_on)::int
    FROM shelf_entries s JOIN read_throughs rt ON rt.shelf_entry_id = s.id JOIN users u ON u.id = rt.user_id
    WHERE s.edition_id = NEW.id AND rt.finished_on IS NOT NULL
    ORDER BY 1, 2
    ON CONFLICT (user_id, year) DO UPDATE SET version = t.version + 1, books = NULL, pages = NULL;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER read_throughs_added_reading_years AFTER INSERT ON read_throughs FOR EACH ROW WHEN (NEW.finished_on IS NOT NULL) EXECUTE FUNCTION mark_reading_years();
--> statement-breakpoint
CREATE TRIGGER read_throughs_deleted_reading_years AFTER DELETE ON read_throughs FOR EACH ROW WHEN (OLD.finished_on IS NOT NULL) EXECUTE FUNCTION mark_reading_years();
--> statement-breakpoint
CREATE TRIGGER read_throughs_moved_reading_years AFTER UPDATE OF finished_on, shelf_entry_id, user_id ON read_throughs FOR EACH ROW WHEN ((OLD.finished_on, OLD.shelf_entry_id, OLD.user_id) IS DISTINCT FROM (NEW.finished_on, NEW.shelf_entry_id, NEW.user_id)) EXECUTE FUNCTION mark_reading_years();
--> statement-breakpoint
CREATE TRIGGER shelf_entries_reading_years AFTER UPDATE OF edition_id ON shelf_entries FOR EACH ROW WHEN (OLD.edition_id IS DISTINCT FROM NEW.edition_id) EXECUTE FUNCTION mark_reading_years();
--> statement-breakpoint
CREATE TRIGGER editions_reading_years AFTER UPDATE OF pages ON editions FOR EACH ROW WHEN (OLD.pages IS DISTINCT FROM NEW.pages) EXECUTE FUNCTION mark_reading_years();
--> statement-breakpoint
-- Every year already finished in gets an empty row, counted when its goal is first read.
INSERT INTO reading_year_totals (user_id, year)
SELECT DISTINCT user_id, extract(year FROM finished_on)::int FROM read_throughs WHERE finished_on IS NOT NULL;
