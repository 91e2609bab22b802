import { sql } from 'drizzle-orm';
import { queryRows } from '~/db/client.server';
import type { Viewer } from '~/server/viewer.server';
import { saoPauloToday } from './policy';
import type { HomeGroupRead } from './types';
import type { StageUnit } from './vocabulary';

/** LCs on /home's card at most (the one whose etapa ends first comes first). */
export const HOME_GROUP_READS_MAX = 4;

type Row = {
  id: string;
  slug: string;
  title: string;
  stage: {
    number: number;
    unit: StageUnit;
    fromNumber: number;
    toNumber: number;
    startsOn: string;
    endsOn: string;
    editionTitle: string;
    books: number;
  } | null;
  total: number;
};

/**
 * /home's "Minhas LCs": each LC the viewer reads along in (an active participant) that has not ended, with the
 * etapa of today — or, between etapas and before the first, the next one. A club's LC only while they are in
 * the club (as its pages answer). One query, whatever the LCs.
 */
export async function listHomeGroupReads(viewer: Viewer, today: string = saoPauloToday()): Promise<{ groupReads: HomeGroupRead[]; total: number }> {
  const rows = await queryRows<Row>(sql`
    SELECT g.id, g.slug, g.title, count(*) OVER ()::int AS total,
      (SELECT json_build_object('number', (SELECT count(*) FROM group_read_stages o WHERE o.group_read_id = g.id AND o.position <= s.position),
          'unit', s.unit, 'fromNumber', s.from_number, 'toNumber', s.to_number, 'startsOn', s.starts_on, 'endsOn', s.ends_on,
          'editionTitle', e.title, 'books', (SELECT count(*) FROM group_read_editions ge WHERE ge.group_read_id = g.id))
        FROM group_read_stages s JOIN editions e ON e.id = s.edition_id
        WHERE s.group_read_id = g.id AND s.ends_on >= ${today}::date ORDER BY s.position LIMIT 1) AS stage
    FROM group_read_participants p JOIN group_reads g ON g.id = p.group_read_id
    WHERE p.user_id = ${viewer.id} AND p.status = 'active' AND g.closed_early_at IS NULL AND g.ends_on >= ${today}::date
      AND (g.visibility <> 'clube' OR EXISTS (SELECT 1 FROM club_members m WHERE m.club_id = g.host_club_id AND m.user_id = ${viewer.id} AND m.status = 'active'))
    ORDER BY (SELECT min(s.ends_on) FROM group_read_stages s WHERE s.group_read_id = g.id AND s.ends_on >= ${today}::date) NULLS LAST, g.ends_on, g.id
    LIMIT ${HOME_GROUP_READS_MAX}`);
  return {
    total: rows[0]?.total ?? 0,
    groupReads: rows.map((row) => ({
      id: row.id,
      slug: row.slug,
      title: row.title,
      stage: row.stage
        ? {
            number: Number(row.stage.number),
            unit: row.stage.unit,
            fromNumber: row.stage.fromNumber,
            toNumber: row.stage.toNumber,
            startsOn: row.stage.startsOn,
            endsOn: row.stage.endsOn,
            editionTitle: Number(row.stage.books) > 1 ? row.stage.editionTitle : null,
            today: row.stage.startsOn <= today,
          }
        : null,
    })),
  };
}
