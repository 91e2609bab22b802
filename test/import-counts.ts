/**
 * `node --import tsx test/import-counts.ts <username>` with DATA_DIR set, the server stopped: what a reader's
 * imports wrote, as JSON, for e2e/import-restart.spec.ts to check that a killed import wrote each row once.
 */
import { sql } from 'drizzle-orm';
import { closeDatabase, queryRows } from '~/db/client.server';

const username = process.argv[2];
if (!username) throw new Error('usage: import-counts.ts <username>');

const [counts] = await queryRows<Record<string, number | string | null>>(sql`
  WITH reader AS (SELECT id FROM users WHERE username = ${username})
  SELECT
    (SELECT status FROM reader_imports WHERE user_id = (SELECT id FROM reader)) AS status,
    (SELECT total FROM reader_imports WHERE user_id = (SELECT id FROM reader)) AS total,
    (SELECT applied FROM reader_imports WHERE user_id = (SELECT id FROM reader)) AS applied,
    (SELECT count(*)::int FROM reader_import_rows r JOIN reader_imports i ON i.id = r.import_id WHERE i.user_id = (SELECT id FROM reader) AND r.applied) AS "rowsApplied",
    (SELECT count(*)::int FROM shelf_entries WHERE user_id = (SELECT id FROM reader)) AS entries,
    (SELECT count(DISTINCT edition_id)::int FROM shelf_entries WHERE user_id = (SELECT id FROM reader)) AS editions,
    (SELECT count(*)::int FROM read_throughs t JOIN shelf_entries s ON s.id = t.shelf_entry_id WHERE s.user_id = (SELECT id FROM reader)) AS readings,
    (SELECT count(*)::int FROM editions WHERE pending_since IS NOT NULL) AS pending,
    (SELECT count(DISTINCT title)::int FROM editions WHERE pending_since IS NOT NULL) AS "pendingTitles"`);
console.log(JSON.stringify(counts));
await closeDatabase();
