-- The ranking counts a participant's position on its index (index-only while the visibility map is fresh). Scores
-- change thousands of times a minute in a busy marathon, so vacuum this table after every 1,000 dead rows instead
-- of a fifth of the table: the counts keep skipping the heap (decision 0077).
ALTER TABLE "marathon_participants" SET (autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 1000);
