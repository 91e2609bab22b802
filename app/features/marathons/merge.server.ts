import { sql } from 'drizzle-orm';
import type { Tx } from '~/db/client.server';

/**
 * A catalogue merge of two editions a reader linked to the same challenge (decision 0076): one link stays, the
 * survivor's, and takes what the other held — the furthest progress, complete if either was, and its rating,
 * comment and marked day where the survivor had none. The challenge's completion (per challenge and reader) is
 * untouched: the kept link is complete whenever one of the two was.
 */
export async function foldChallengeLinks(tx: Tx, loserId: string, survivorId: string): Promise<void> {
  await tx.execute(sql`UPDATE marathon_challenge_links s SET progress = greatest(s.progress, l.progress), complete = s.complete OR l.complete,
      rating_quarters = coalesce(s.rating_quarters, l.rating_quarters), comment = coalesce(s.comment, l.comment), marked_on = coalesce(s.marked_on, l.marked_on)
    FROM marathon_challenge_links l
    WHERE l.edition_id = ${loserId} AND s.edition_id = ${survivorId} AND l.challenge_id = s.challenge_id AND l.user_id = s.user_id`);
}
