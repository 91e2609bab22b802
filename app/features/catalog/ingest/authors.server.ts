import { sql } from 'drizzle-orm';
import { type Tx, jsonTextRows, queryRows } from '~/db/client.server';
import { authors } from '~/db/schema';
import { newId } from '~/lib/ids';
import { authorSlug } from '../normalize';

export type AuthorFacts = {
  sortName?: string;
  nationality?: string | null;
  birthYear?: number | null;
  deathYear?: number | null;
  bio?: string | null;
  otherNames?: string[];
};

/** An author's identificador, the key names are found by. */
export const authorSlugOf = (name: string) => authorSlug(name) || 'autor';

/**
 * Authors by name, by identificador: an existing one (a name merged into another author, decision 0013, is
 * that author), or one created with the first spelling given. Returns the author of each identificador.
 */
export async function findOrCreateAuthors(tx: Tx, names: readonly { name: string; facts: AuthorFacts | undefined }[]): Promise<Map<string, string>> {
  const first = new Map<string, { name: string; facts: AuthorFacts | undefined }>();
  for (const entry of names) if (!first.has(authorSlugOf(entry.name))) first.set(authorSlugOf(entry.name), entry);
  const ids = new Map<string, string>();
  if (!first.size) return ids;
  const rows = await queryRows<{ slug: string; id: string }>(
    sql`SELECT q.slug, a.id FROM ${jsonTextRows([...first.keys()], 'q(slug)')}
      JOIN authors a ON a.slug = coalesce((SELECT to_id FROM catalog_redirects WHERE kind = 'author_slug' AND from_id = q.slug), q.slug)`,
    tx,
  );
  for (const row of rows) ids.set(row.slug, row.id);
  const missing = [...first].filter(([slug]) => !ids.has(slug));
  if (missing.length) {
    const values = missing.map(([slug, { name, facts }]) => {
      const id = newId();
      ids.set(slug, id);
      return {
        id,
        slug,
        name,
        sortName: facts?.sortName ?? sortNameOf(name),
        nationality: facts?.nationality ?? null,
        birthYear: facts?.birthYear ?? null,
        deathYear: facts?.deathYear ?? null,
        bio: facts?.bio ?? null,
        otherNames: facts?.otherNames ?? [],
      };
    });
    await tx.insert(authors).values(values);
  }
  return ids;
}

/** "Machado de Assis" → "Assis, Machado de": the last word first, as library catalogues sort. */
export function sortNameOf(name: string): string {
  const parts = name.split(' ');
  return parts.length < 2 ? name : `${parts.at(-1)}, ${parts.slice(0, -1).join(' ')}`;
}
