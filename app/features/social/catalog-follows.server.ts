import { and, eq, sql } from 'drizzle-orm';
import { type Tx, getDb, queryRows } from '~/db/client.server';
import { authorFollows, authors, collectionFollows, collections, newEditionAlerts } from '~/db/schema';
import { AppError } from '~/server/errors';
import { enqueueJob, registerJobHandler } from '~/server/jobs.server';
import type { Viewer } from '~/server/viewer.server';
import { notify } from './mutations.server';

/** Following an author or a collection of the catalogue: an alert when it gets a new edition (PRODUCT.md §C). */
export type CatalogFollowTarget = { kind: 'author'; id: string } | { kind: 'collection'; id: string };

export async function setCatalogFollow(viewer: Viewer, target: CatalogFollowTarget, follow: boolean): Promise<void> {
  const db = getDb();
  if (target.kind === 'author') {
    const [author] = await db.select({ id: authors.id }).from(authors).where(eq(authors.id, target.id));
    if (!author) throw new AppError('not_found');
    if (follow) await db.insert(authorFollows).values({ userId: viewer.id, authorId: target.id }).onConflictDoNothing();
    else await db.delete(authorFollows).where(and(eq(authorFollows.userId, viewer.id), eq(authorFollows.authorId, target.id)));
    return;
  }
  const [collection] = await db.select({ id: collections.id }).from(collections).where(eq(collections.id, target.id));
  if (!collection) throw new AppError('not_found');
  if (follow) await db.insert(collectionFollows).values({ userId: viewer.id, collectionId: target.id }).onConflictDoNothing();
  else await db.delete(collectionFollows).where(and(eq(collectionFollows.userId, viewer.id), eq(collectionFollows.collectionId, target.id)));
}

/** Whether the viewer follows it; the pages are cached for visitors only, so this is read for signed-in readers alone. */
export async function isFollowingCatalog(viewer: Viewer, target: CatalogFollowTarget): Promise<boolean> {
  const [row] =
    target.kind === 'author'
      ? await getDb()
          .select({ id: authorFollows.authorId })
          .from(authorFollows)
          .where(and(eq(authorFollows.userId, viewer.id), eq(authorFollows.authorId, target.id)))
      : await getDb()
          .select({ id: collectionFollows.collectionId })
          .from(collectionFollows)
          .where(and(eq(collectionFollows.userId, viewer.id), eq(collectionFollows.collectionId, target.id)));
  return Boolean(row);
}

export const EDITION_ALERTS_EVERY_SECONDS = 60;

/**
 * Called by the catalogue in the transaction that created editions: they wait in new_edition_alerts and a
 * job at the end of the current minute tells the followers, one notification per follower and author (or
 * collection) however many editions arrived — a bulk import is one alert, not hundreds.
 */
export async function queueNewEditionAlerts(tx: Tx, editionIds: readonly string[]): Promise<void> {
  if (!editionIds.length) return;
  await tx
    .insert(newEditionAlerts)
    .values(editionIds.map((editionId) => ({ editionId })))
    .onConflictDoNothing();
  const slot = Math.floor(Date.now() / 1000 / EDITION_ALERTS_EVERY_SECONDS) + 1;
  await enqueueJob(
    'catalog-follows.alerts',
    {},
    { tx, uniqueKey: `catalog-follows.alerts:${slot}`, runAt: new Date(slot * EDITION_ALERTS_EVERY_SECONDS * 1000) },
  );
}

type AlertRow = {
  via: 'author' | 'collection';
  user_id: string;
  target_id: string;
  target_name: string;
  target_slug: string | null;
  edition_id: string;
  title: string;
};

/** Drains the waiting editions and notifies their authors' and collections' followers. Returns how many notifications. */
export async function sendNewEditionAlerts(): Promise<number> {
  return getDb().transaction(async (tx) => {
    const rows = await queryRows<AlertRow>(
      sql`
      WITH fresh AS (DELETE FROM new_edition_alerts RETURNING edition_id)
      SELECT 'author' AS via, af.user_id, a.id AS target_id, a.name AS target_name, a.slug AS target_slug, e.id AS edition_id, e.title
      FROM fresh f JOIN editions e ON e.id = f.edition_id
        JOIN (SELECT DISTINCT work_id, author_id FROM work_authors) wa ON wa.work_id = e.work_id
        JOIN authors a ON a.id = wa.author_id JOIN author_follows af ON af.author_id = a.id
      UNION ALL
      SELECT 'collection', cf.user_id, c.id, c.name, NULL, e.id, e.title
      FROM fresh f JOIN editions e ON e.id = f.edition_id JOIN collection_members cm ON cm.edition_id = e.id
        JOIN collections c ON c.id = cm.collection_id JOIN collection_follows cf ON cf.collection_id = c.id
      ORDER BY 1, 2, 3, 7`,
      tx,
    );
    const groups = new Map<string, AlertRow[]>();
    for (const row of rows) {
      const key = `${row.via}:${row.user_id}:${row.target_id}`;
      groups.set(key, [...(groups.get(key) ?? []), row]);
    }
    for (const group of groups.values()) {
      const [first] = group;
      if (!first) continue;
      const titles = [...new Set(group.map((r) => r.edition_id))];
      const where = first.via === 'author' ? `de ${first.target_name}` : `na coleção ${first.target_name}`;
      const text = titles.length === 1 ? `Nova edição ${where}: ${first.title}.` : `${titles.length} novas edições ${where}.`;
      const link = titles.length === 1 ? `/ed/${first.edition_id}` : first.via === 'author' ? `/autor/${first.target_slug}` : `/colecao/${first.target_id}`;
      await notify({ userId: first.user_id, kind: 'new_edition', text, link, data: { [first.via]: first.target_id, editions: titles } }, tx);
    }
    return groups.size;
  });
}

registerJobHandler('catalog-follows.alerts', async () => {
  await sendNewEditionAlerts();
});
