import { sql } from 'drizzle-orm';
import { queryRows } from '~/db/client.server';
import { USERNAME_MAX, USERNAME_MIN } from '~/features/accounts/limits';
import { foldForMatch } from '~/features/catalog/normalize';
import { offeredToOthers } from '~/features/social/audience.server';
import { SPECIES, type Species } from './species';
import { SPECIES_SLUGS, type SpeciesSlug } from './vocabulary';

/**
 * The foca in the header's search (decision 0086). The suggestions answer is public and cached a minute for
 * everyone, so it names only what a visitor may see, and costs little: species from the catalogue in code (no
 * query), and a reader's foca page only for an exact username (one lookup on its unique index).
 */

export const SPECIES_SUGGESTIONS_MAX = 3;

/** Species whose pt-BR or scientific name holds every word typed (no case, no accents), in the catalogue's order. */
export function suggestSpecies(q: string): Species[] {
  const words = foldForMatch(q).split(' ').filter(Boolean);
  if (!words.length || q.trim().length < 2) return [];
  return SPECIES_SLUGS.map((slug) => SPECIES[slug])
    .filter((species) => {
      const names = foldForMatch(`${species.name} ${species.scientificName}`);
      return words.every((word) => names.includes(word));
    })
    .slice(0, SPECIES_SUGGESTIONS_MAX);
}

export type FocaReaderSuggestion = { username: string; name: string; companion: { species: SpeciesSlug; name: string | null } | null };

/**
 * The reader whose username is exactly what was typed (an `@` before it allowed), when their foca page is for
 * everyone — a public profile, not suspended, an adult (as the readers' directory offers them) — and they have a pet.
 */
export async function suggestFocaReader(q: string): Promise<FocaReaderSuggestion | null> {
  const handle = q.trim().toLowerCase().replace(/^@/, '');
  if (handle.length < USERNAME_MIN || handle.length > USERNAME_MAX || !/^[a-z0-9_]+$/.test(handle)) return null;
  const [row] = await queryRows<FocaReaderSuggestion>(sql`
    SELECT u.username, u.name,
      (SELECT json_build_object('species', p.species, 'name', p.name) FROM focus_pets p WHERE p.user_id = u.id AND p.companion) AS companion
    FROM users u WHERE u.username = ${handle} AND u.suspended_at IS NULL AND u.profile_visibility = 'publico' AND ${offeredToOthers(sql`u`)}
      AND EXISTS (SELECT 1 FROM focus_pets p WHERE p.user_id = u.id)`);
  return row ?? null;
}
