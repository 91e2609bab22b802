import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * A directory's search box (clubs by name, LCs by title, whispers by the other reader's name): each of the first eight words typed must appear in the
 * column, without accents or case (PRODUCT.md §1: accent-insensitive search), LIKE's wildcards taken literally.
 * One condition per word, for the caller's WHERE.
 */
export function containsEveryWord(column: AnyPgColumn | SQL, q: string): SQL[] {
  const words = q
    .toLowerCase()
    .split(/\s+/)
    .filter((word) => word.length > 0)
    .slice(0, 8);
  return words.map((word) => sql`immutable_unaccent(lower(${column})) LIKE '%' || immutable_unaccent(${word.replace(/[\\%_]/g, (c) => `\\${c}`)}) || '%'`);
}
