import { sql } from 'drizzle-orm';
import { queryRows } from '~/db/client.server';
import type { Viewer } from '~/server/viewer.server';
import { saoPauloToday } from './policy';
import { stageNumberSql } from './progress.server';
import { hostShownToSql, inHostClubSql } from './queries.server';
import type { HomeGroupRead } from './types';

/** LCs on /home's card at most (the one whose etapa ends first comes first). */
export const HOME_GROUP_READS_MAX = 4;

type Stage = NonNullable<HomeGroupRead['stage']>;
/** The etapa as the query builds it: its book always, and how many books the LC reads. */
type Row = Pick<HomeGroupRead, 'id' | 'slug' | 'title'> & {
  stage: (Omit<Stage, 'today' | 'editionTitle'> & { editionTitle: string; books: number }) | null;
  total: number;
};

/**
 * /home's "Minhas LCs": each LC the viewer reads along in (an active participant) that has not ended, with the
 * etapa of today — or, between etapas and before the first, the next one. A club's LC only while they are in
 * the club (as its pages answer), and never one whose host is hidden from them (suspended, or in a block with them:
 * hostShownTo, as on /lcs). One query, whatever the LCs.
 */
export async function listHomeGroupReads(viewer: Viewer, today: string = saoPauloToday()): Promise<{ groupReads: HomeGroupRead[]; total: number }> {
  const rows = await queryRows<Row>(sql`
    SELECT g.id, g.slug, g.title, count(*) OVER ()::int AS total,
      (SELECT json_build_object('number', ${stageNumberSql()},
          'unit', s.unit, 'fromNumber', s.from_number, 'toNumber', s.to_number, 'startsOn', s.starts_on, 'endsOn', s.ends_on,
          'editionTitle', e.title, 'books', (SELECT count(*) FROM group_read_editions ge WHERE ge.group_read_id = g.id))
        FROM group_read_stages s JOIN editions e ON e.id = s.edition_id
        WHERE s.group_read_id = g.id AND s.ends_on >= ${today}::date ORDER BY s.position LIMIT 1) AS stage
    FROM group_read_participants p JOIN group_reads g ON g.id = p.group_read_id
    WHERE p.user_id = ${viewer.id} AND p.status = 'active' AND g.closed_early_at IS NULL AND g.ends_on >= ${today}::date
      AND ${inHostClubSql(sql`${viewer.id}`)}
      AND ${hostShownToSql(sql`g.host_user_id`, sql`${viewer.id}`)}
    ORDER BY (SELECT min(s.ends_on) FROM group_read_stages s WHERE s.group_read_id = g.id AND s.ends_on >= ${today}::date) NULLS LAST, g.ends_on, g.id
    LIMIT ${HOME_GROUP_READS_MAX}`);
  return {
    total: rows[0]?.total ?? 0,
    groupReads: rows.map((row) => ({
      id: row.id,
      slug: row.slug,
      title: row.title,
      stage: row.stage
        ? (({ books, editionTitle, ...stage }) => ({
            ...stage,
            number: Number(stage.number),
            editionTitle: Number(books) > 1 ? editionTitle : null,
            today: stage.startsOn <= today,
          }))(row.stage)
        : null,
    })),
  };
}
