import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { getDb, queryRows } from '~/db/client.server';
import { blockedEitherWay } from '~/features/social/audience.server';
import { notify } from '~/features/social/mutations.server';
import { enqueueJob, registerJobHandler } from '~/server/jobs.server';
import { ROLE_PERMISSIONS } from '../policy';
import { CLUB_ROLES } from '../vocabulary';
import { clubPostPath } from './links';

/**
 * A new post on /posts tells the club's members, as each reader's switches for `club_post` allow — only those
 * who may read it (a plan post: the staff and the members holding that plan or one ranked after it), never
 * its author nor anyone blocked either way with them. One job per batch of members: each commits its batch
 * and enqueues the next in the same transaction, so 20,000 members never hold one long transaction and a
 * job that dies is taken again where it stopped (the members already told are skipped).
 */
export const CLUB_POST_NOTIFY_JOB = 'clubs.post-notify';
export const CLUB_POST_NOTIFY_BATCH = 500;

const payload = z.object({ postId: z.string(), after: z.string().nullable() });

const MODERATING_ROLES = CLUB_ROLES.filter((role) => ROLE_PERMISSIONS[role].has('moderate_posts'));

export async function runClubPostNotifyBatch(input: unknown): Promise<void> {
  const { postId, after } = payload.parse(input);
  const [post] = await queryRows<{
    id: string;
    club_id: string;
    slug: string;
    club_name: string;
    title: string;
    author_id: string | null;
    username: string | null;
    visibility: string;
    min_position: number | null;
  }>(sql`
    SELECT p.id, p.club_id, c.slug, c.name AS club_name, p.title, p.author_id, u.username, p.visibility, mp.position AS min_position
    FROM club_posts p JOIN clubs c ON c.id = p.club_id LEFT JOIN users u ON u.id = p.author_id
      LEFT JOIN club_plans mp ON mp.id = p.min_plan_id
    WHERE p.id = ${postId} AND p.kind = 'post' AND p.hidden_at IS NULL`);
  // Deleted (or taken down) before everyone was told: the rest hears nothing of it.
  if (!post) return;
  const author = post.author_id ?? '';
  const roles = sql.join(
    MODERATING_ROLES.map((role) => sql`${role}`),
    sql`, `,
  );
  await getDb().transaction(async (tx) => {
    const recipients = await queryRows<{ user_id: string }>(
      sql`
      SELECT m.user_id
      FROM club_members m JOIN users u ON u.id = m.user_id AND u.suspended_at IS NULL
        LEFT JOIN club_plans hp ON hp.id = m.plan_id AND (m.plan_ends_at IS NULL OR m.plan_ends_at > now())
      WHERE m.club_id = ${post.club_id} AND m.status = 'active' AND m.user_id <> ${author}
        AND m.user_id > ${after ?? ''}
        AND (${post.visibility}::text <> 'plano' OR m.role IN (${roles}) OR hp.position >= ${post.min_position}::int)
        AND NOT ${blockedEitherWay(sql`m.user_id`, sql`${author}`)}
        AND NOT EXISTS (SELECT 1 FROM notifications n WHERE n.user_id = m.user_id AND n.kind = 'club_post' AND n.data->>'postId' = ${post.id})
      ORDER BY m.user_id LIMIT ${sql.raw(String(CLUB_POST_NOTIFY_BATCH))}`,
      tx,
    );
    const text = `${post.username ? `@${post.username} publicou` : 'Novo post'} em ${post.club_name}: “${post.title}”.`;
    for (const { user_id } of recipients) {
      await notify(
        {
          userId: user_id,
          ...(post.author_id ? { actorId: post.author_id } : {}),
          kind: 'club_post',
          text,
          link: clubPostPath(post.slug, { kind: 'post', id: post.id }),
          data: { clubId: post.club_id, postId: post.id },
        },
        tx,
      );
    }
    const last = recipients.at(-1)?.user_id;
    if (recipients.length === CLUB_POST_NOTIFY_BATCH && last) {
      await enqueueJob(CLUB_POST_NOTIFY_JOB, { postId, after: last }, { tx, uniqueKey: `${CLUB_POST_NOTIFY_JOB}:${postId}:${last}` });
    }
  });
}

registerJobHandler(CLUB_POST_NOTIFY_JOB, runClubPostNotifyBatch);
