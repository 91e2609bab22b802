import { sql } from 'drizzle-orm';
import type { Tx } from '~/db/client.server';

/**
 * Before a merge drops the loser edition's shelf entries of readers who had both editions, their reading
 * history joins the survivor's entry: every read-through moves (an open one on both sides becomes one,
 * started at the earlier date), the survivor's missing rating comes from the loser's, favourite if either
 * was. The survivor's status stays. Nothing a reader recorded is lost: the loser's entry also leaves its
 * place on the reader's custom shelves to the survivor's (where the survivor was not already).
 */
export async function foldShelfEntries(tx: Tx, loserId: string, survivorId: string): Promise<void> {
  const pairs = sql`shelf_entries le JOIN shelf_entries se ON se.user_id = le.user_id AND se.edition_id = ${survivorId} AND le.edition_id = ${loserId}`;
  const open = (alias: string) => sql.raw(`${alias}.finished_on IS NULL AND ${alias}.abandoned_on IS NULL`);
  await tx.execute(sql`UPDATE read_throughs s SET started_on = least(s.started_on, l.started_on)
    FROM ${pairs} JOIN read_throughs l ON l.shelf_entry_id = le.id
    WHERE s.shelf_entry_id = se.id AND ${open('s')} AND ${open('l')}`);
  // --- progress (decision 0017): the open reading that goes keeps the furthest progress and its updates.
  const openPair = sql`${pairs} JOIN read_throughs l ON l.shelf_entry_id = le.id AND ${open('l')}`;
  await tx.execute(sql`UPDATE read_throughs s SET progress_fraction = l.progress_fraction, progress_value = l.progress_value, progress_unit = l.progress_unit, progress_updated_at = l.progress_updated_at
    FROM ${openPair} WHERE s.shelf_entry_id = se.id AND ${open('s')} AND l.progress_fraction > coalesce(s.progress_fraction, -1)`);
  await tx.execute(sql`UPDATE progress_entries p SET read_through_id = s.id
    FROM ${openPair} JOIN read_throughs s ON s.shelf_entry_id = se.id AND ${open('s')} WHERE p.read_through_id = l.id`);
  // --- end progress
  await tx.execute(sql`DELETE FROM read_throughs l USING ${pairs}
    WHERE l.shelf_entry_id = le.id AND ${open('l')} AND EXISTS (SELECT 1 FROM read_throughs s WHERE s.shelf_entry_id = se.id AND ${open('s')})`);
  await tx.execute(sql`UPDATE read_throughs l SET shelf_entry_id = se.id FROM ${pairs} WHERE l.shelf_entry_id = le.id`);
  await tx.execute(sql`UPDATE shelf_entries s SET rating_quarters = coalesce(s.rating_quarters, le.rating_quarters), favorite = s.favorite OR le.favorite
    FROM shelf_entries le WHERE le.user_id = s.user_id AND le.edition_id = ${loserId} AND s.edition_id = ${survivorId}`);
  // --- reviews (decision 0020): the loser's review and feelings go over when the survivor has none.
  await tx.execute(sql`UPDATE reviews r SET shelf_entry_id = se.id, edition_id = ${survivorId}
    FROM ${pairs} WHERE r.shelf_entry_id = le.id AND NOT EXISTS (SELECT 1 FROM reviews sr WHERE sr.shelf_entry_id = se.id)`);
  await tx.execute(sql`UPDATE shelf_entries s SET
      moods = CASE WHEN cardinality(s.moods) = 0 THEN le.moods ELSE s.moods END,
      pacing = coalesce(s.pacing, le.pacing),
      content_warnings = CASE WHEN cardinality(s.content_warnings) = 0 THEN le.content_warnings ELSE s.content_warnings END
    FROM shelf_entries le WHERE le.user_id = s.user_id AND le.edition_id = ${loserId} AND s.edition_id = ${survivorId}`);
  // --- end reviews
  await tx.execute(sql`INSERT INTO shelf_items (shelf_id, shelf_entry_id, position, created_at)
    SELECT si.shelf_id, se.id, si.position, si.created_at FROM ${pairs} JOIN shelf_items si ON si.shelf_entry_id = le.id
    ON CONFLICT DO NOTHING`);
}
