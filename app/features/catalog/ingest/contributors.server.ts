import type { Tx } from '~/db/client.server';
import { editionContributors } from '~/db/schema';
import { normalizeName } from '../normalize';
import type { EditionSource } from '../vocabulary';
import { type AuthorFacts, authorSlugOf, findOrCreateAuthors } from './authors.server';

type NewEdition = { editionId: string; source: EditionSource };

/** Translators and illustrators of the new editions, found or created as authors. */
export async function addContributors(tx: Tx, created: readonly NewEdition[], facts: ReadonlyMap<string, AuthorFacts>): Promise<void> {
  const credits = created.flatMap(({ source, editionId }) =>
    [
      ...(source.translators ?? []).map((name) => ({ name, role: 'translator' as const })),
      ...(source.illustrators ?? []).map((name) => ({ name, role: 'illustrator' as const })),
    ].map((c, position) => ({ ...c, editionId, position, normalized: normalizeName(c.name) })),
  );
  if (!credits.length) return;
  const ids = await findOrCreateAuthors(
    tx,
    credits.map((c) => ({ name: c.normalized, facts: facts.get(c.name) })),
  );
  await tx
    .insert(editionContributors)
    .values(credits.map((c) => ({ editionId: c.editionId, authorId: ids.get(authorSlugOf(c.normalized))!, role: c.role, position: c.position })))
    .onConflictDoNothing();
}
