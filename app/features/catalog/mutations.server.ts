import { sql } from 'drizzle-orm';
import { getDb, queryRows } from '~/db/client.server';
import { affiliateClicks } from '~/db/schema';
import { newId } from '~/lib/ids';
import type { Viewer } from '~/server/viewer.server';

/**
 * A click on "Comprar": which edition (matched by ASIN, or by ISBN-10, the ASIN of a printed book),
 * who (when signed in) and from which page of ours. Anyone may click, signed in or not.
 */
export async function recordAffiliateClick(viewer: Viewer | null, input: { asin: string; referrerPath: string | null }): Promise<void> {
  const [edition] = await queryRows<{ id: string }>(
    sql`SELECT id FROM editions WHERE asin = ${input.asin} OR isbn10 = ${input.asin} ORDER BY asin = ${input.asin} DESC LIMIT 1`,
  );
  await getDb()
    .insert(affiliateClicks)
    .values({
      id: newId(),
      asin: input.asin,
      editionId: edition?.id ?? null,
      userId: viewer?.id ?? null,
      referrerPath: input.referrerPath?.slice(0, 500) ?? null,
    });
}
