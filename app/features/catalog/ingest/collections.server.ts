import { sql } from 'drizzle-orm';
import { type Tx, jsonRecords, queryRows } from '~/db/client.server';
import { collectionMembers, collections } from '~/db/schema';
import { newId } from '~/lib/ids';
import { normalizeName } from '../normalize';
import type { EditionSource } from '../vocabulary';

/** A new edition with its publisher as ingestEditions cleaned it. */
type NewEdition = { editionId: string; source: EditionSource; publisher: string | null };

/** The new editions into their collections, found by name (ignoring case and accents) or created with the first one's kind and publisher. */
export async function addToCollections(tx: Tx, created: readonly NewEdition[]): Promise<void> {
  const members = created.flatMap(({ source, publisher, editionId }) =>
    source.collection?.name.trim()
      ? [
          {
            editionId,
            name: normalizeName(source.collection.name),
            kind: source.collection.kind ?? 'series',
            publisher,
            position: source.collection.position ?? null,
          },
        ]
      : [],
  );
  if (!members.length) return;
  const rows = await queryRows<{ i: number; key: string; id: string | null }>(
    sql`SELECT p.i, immutable_unaccent(lower(p.name)) AS key,
        (SELECT c.id FROM collections c WHERE immutable_unaccent(lower(c.name)) = immutable_unaccent(lower(p.name)) LIMIT 1) AS id
      FROM ${jsonRecords(
        members.map((m, i) => ({ i, name: m.name })),
        'i int, name text',
      )}`,
    tx,
  );
  const byKey = new Map<string, string>();
  const fresh: (typeof collections.$inferInsert)[] = [];
  const values = rows
    .sort((a, b) => a.i - b.i)
    .map(({ i, key, id }) => {
      const member = members[i]!;
      let collectionId = id ?? byKey.get(key);
      if (!collectionId) {
        collectionId = newId();
        fresh.push({ id: collectionId, name: member.name, kind: member.kind, publisher: member.publisher });
      }
      byKey.set(key, collectionId);
      return { collectionId, editionId: member.editionId, position: member.position };
    });
  if (fresh.length) await tx.insert(collections).values(fresh);
  await tx.insert(collectionMembers).values(values).onConflictDoNothing();
}
