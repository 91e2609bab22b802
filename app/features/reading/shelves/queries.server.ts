import { and, asc, eq } from 'drizzle-orm';
import { getDb } from '~/db/client.server';
import { readThroughs, shelfEntries } from '~/db/schema';
import type { Viewer } from '~/server/viewer.server';
import { ratingFromQuarters } from '../statuses';
import type { MyShelfEntry } from '../types';

/** The viewer's own entry of an edition (the viewer is the filter: nobody reads another's this way). */
export async function getMyShelfEntry(viewer: Viewer, editionId: string): Promise<MyShelfEntry | null> {
  const db = getDb();
  const [entry] = await db
    .select({
      id: shelfEntries.id,
      status: shelfEntries.status,
      ratingQuarters: shelfEntries.ratingQuarters,
      favorite: shelfEntries.favorite,
      owned: shelfEntries.owned,
      ownedFormat: shelfEntries.ownedFormat,
      notes: shelfEntries.notes,
      moods: shelfEntries.moods,
      pacing: shelfEntries.pacing,
      contentWarnings: shelfEntries.contentWarnings,
      undatedReadings: shelfEntries.undatedReadings,
    })
    .from(shelfEntries)
    .where(and(eq(shelfEntries.userId, viewer.id), eq(shelfEntries.editionId, editionId)));
  if (!entry) return null;
  const reads = await db
    .select({ id: readThroughs.id, startedOn: readThroughs.startedOn, finishedOn: readThroughs.finishedOn, abandonedOn: readThroughs.abandonedOn })
    .from(readThroughs)
    .where(eq(readThroughs.shelfEntryId, entry.id))
    .orderBy(asc(readThroughs.createdAt), asc(readThroughs.id));
  return {
    id: entry.id,
    status: entry.status,
    rating: ratingFromQuarters(entry.ratingQuarters),
    favorite: entry.favorite,
    owned: entry.owned,
    ownedFormat: entry.ownedFormat,
    notes: entry.notes,
    readThroughs: reads,
    // Readings of unknown dates (docs/decisions/0032) count as readings too.
    readCount: reads.filter((r) => r.finishedOn).length + entry.undatedReadings,
    undatedReadings: entry.undatedReadings,
    moods: entry.moods,
    pacing: entry.pacing,
    contentWarnings: entry.contentWarnings,
  };
}
