import { sql } from 'drizzle-orm';
import { type Tx, getDb, queryRows } from '~/db/client.server';
import { notify } from '~/features/social/mutations.server';
import { registerRecurringJob } from '~/server/jobs.server';
import type { Viewer } from '~/server/viewer.server';
import { rangeLabel } from './labels';
import { saoPauloToday } from './policy';
import { stageNumberSql } from './progress.server';
import { hostShownToSql, inHostClubSql } from './queries.server';
import type { StageUnit } from './vocabulary';

/**
 * An LC's notifications (PRODUCT.md §C, §F): an invitation, and "etapa abre" — on the São Paulo day an etapa
 * starts, each active participant is told once (the `group_read_stage` type, so each reader's switches decide
 * whether it shows and is e-mailed). A row in group_read_stage_notices is written in the same transaction as the
 * notification, claimed with ON CONFLICT DO NOTHING, so however often (and on however many servers) the job runs,
 * a reader hears of an etapa once. The notice names the pages or chapters, never anything of the discussion.
 */
export const STAGE_NOTICE_BATCH = 500;
/** Etapas read at once; a run reads as many pages of them as it takes. */
const STAGES_PER_RUN = 200;

/** "Convite para LC": the invited reader is told by whom, with the LC's address (an invitation opens a private LC). */
export async function notifyInvitation(tx: Tx, host: Viewer, lc: { title: string; slug: string }, userId: string): Promise<void> {
  await notify(
    {
      userId,
      actorId: host.id,
      kind: 'group_read_invitation',
      text: `@${host.username} convidou você para a LC “${lc.title}”.`,
      link: `/lc/${lc.slug}`,
    },
    tx,
  );
}

/**
 * A reader who lost their place (or their place on the waiting list) in a club's LC made members-only — the club
 * turned private, or its hosts closed the LC to members — is told so (`group_read_place`, their switches decide),
 * with the way to their LCs: the LC (and a private club) now answers them 404.
 */
export async function notifyPlaceLost(tx: Tx, userId: string, lc: { title: string; clubName: string }, waiting: boolean): Promise<void> {
  await notify(
    {
      userId,
      kind: 'group_read_place_lost',
      text: `A LC “${lc.title}” agora é só para membros do clube ${lc.clubName}: ${waiting ? 'seu lugar na lista de espera saiu' : 'sua vaga saiu'} com isso.`,
      link: '/lc',
    },
    tx,
  );
}

type OpeningStage = {
  id: string;
  number: number;
  unit: StageUnit;
  from_number: number;
  to_number: number;
  title: string;
  slug: string;
  books: number;
  edition: string;
};

/**
 * Tells the participants of every LC whose etapa starts `today` (and that has not ended early); returns how many
 * readers were told. A club's LC is told only to who is still in the club, a suspended reader never, nor a reader the
 * LC's host is hidden from (the host suspended, or in a block with them: hostShownTo, as on /lcs).
 */
export async function sendStageNotices(today: string = saoPauloToday()): Promise<number> {
  let sent = 0;
  // The etapas in pages of STAGES_PER_RUN, after the last one read (keyset on id), until none is left: a day with
  // more etapas opening than a page still tells every one of them in this run, none waiting behind the first page.
  for (let after = ''; ;) {
    const opening = await queryRows<OpeningStage>(sql`
      SELECT s.id, s.unit, s.from_number, s.to_number, g.title, g.slug, e.title AS edition,
        ${stageNumberSql()} AS number,
        (SELECT count(*)::int FROM group_read_editions ge WHERE ge.group_read_id = g.id) AS books
      FROM group_read_stages s JOIN group_reads g ON g.id = s.group_read_id JOIN editions e ON e.id = s.edition_id
      WHERE s.starts_on = ${today}::date AND g.closed_early_at IS NULL AND s.id > ${after}
      ORDER BY s.id LIMIT ${STAGES_PER_RUN}`);
    for (const stage of opening) sent += await tellStageOpens(stage);
    if (opening.length < STAGES_PER_RUN) return sent;
    after = opening.at(-1)!.id;
  }
}

/** Tells one opening etapa's readers who were not told yet, STAGE_NOTICE_BATCH at a time; returns how many. */
async function tellStageOpens(stage: OpeningStage): Promise<number> {
  const range = rangeLabel({ unit: stage.unit, fromNumber: stage.from_number, toNumber: stage.to_number });
  const text = `Começa hoje a etapa ${stage.number} da LC “${stage.title}”: ${range}${stage.books > 1 ? ` de ${stage.edition}` : ''}.`;
  let sent = 0;
  for (;;) {
    const batch = await getDb().transaction(async (tx) => {
      const claimed = await queryRows<{ user_id: string }>(
        sql`
        INSERT INTO group_read_stage_notices (stage_id, user_id)
        SELECT ${stage.id}, p.user_id
        FROM group_read_participants p JOIN group_read_stages s ON s.id = ${stage.id} AND s.group_read_id = p.group_read_id
          JOIN group_reads g ON g.id = s.group_read_id
          JOIN users u ON u.id = p.user_id AND u.suspended_at IS NULL
        WHERE p.status = 'active'
          AND ${inHostClubSql(sql`p.user_id`)}
          AND ${hostShownToSql(sql`g.host_user_id`, sql`p.user_id`)}
          AND NOT EXISTS (SELECT 1 FROM group_read_stage_notices n WHERE n.stage_id = ${stage.id} AND n.user_id = p.user_id)
        ORDER BY p.user_id LIMIT ${STAGE_NOTICE_BATCH}
        ON CONFLICT DO NOTHING
        RETURNING user_id`,
        tx,
      );
      for (const { user_id } of claimed) {
        await notify({ userId: user_id, kind: 'group_read_stage', text, link: `/lc/${stage.slug}/cronograma`, data: { stageId: stage.id } }, tx);
      }
      return claimed.length;
    });
    sent += batch;
    if (batch < STAGE_NOTICE_BATCH) return sent;
  }
}

// Hourly: the first run of a São Paulo day tells everyone; later runs find them told (and a reader who joins during
// the day is told on the next run).
registerRecurringJob('lcs.stage-notices', 3600, async () => {
  await sendStageNotices();
});
