import { type SQL, sql } from 'drizzle-orm';
import { type Tx, getDb, queryRows } from '~/db/client.server';
import { coverCardColumns, toCoverCard, type CoverCardRow } from '~/features/catalog/cards.server';
import { newId } from '~/lib/ids';
import { AppError } from '~/server/errors';
import type { Viewer } from '~/server/viewer.server';
import { type MarathonAccess, requireMarathonAccess } from './access.server';
import { participantUpdated } from './participant-update.server';
import { BOARD_SEARCH_LIMIT, LINKS_PER_CHALLENGE_MAX, phaseOf } from './policy';
import { todayIn } from '~/lib/calendar';
import { challengeCountsSql, markChallengeDone, participantLevelPositionSql, syncReadingChallenge, unmarkChallengeDone } from './scoring.server';
import type { Board, BoardChallenge, BoardLink, BoardShelfMatch } from './types';
import type { LinkInput } from './validation';

/**
 * The participant's board (/m/{identificador}/progresso, decision 0076): the revealed challenges of their level and
 * the ones below, their links and ticks, and their scores. Only active participants have one; it changes only while
 * the marathon runs (before its first day it shows what is revealed, after its last it is read-only).
 */

/**
 * SQL over `c` (marathon_challenges): revealed by today there, and of the participant's level or one below (a
 * participant without a level — a marathon without levels — sees every challenge). The level is read in the same
 * statement, so the board is one round trip.
 */
function boardChallengesSql(marathon: MarathonAccess, userId: string, now: Date): SQL {
  return sql`c.marathon_id = ${marathon.id} AND (c.reveals_on IS NULL OR c.reveals_on <= ${todayIn(marathon.timeZone, now)})
    AND ${challengeCountsSql(sql`c`, participantLevelPositionSql(marathon.id, userId))}`;
}

export async function getBoard(viewer: Viewer, marathonId: string, now: Date = new Date()): Promise<Board> {
  const db = getDb();
  const { marathon } = await requireMarathonAccess(db, viewer, marathonId, 'board');
  const [challenges, links, totals] = await Promise.all([
    queryRows<{
      id: string;
      category_id: string;
      category: string;
      kind: 'leitura' | 'atividade';
      description: string;
      points: number;
      completes_on_finish: boolean;
      level_name: string | null;
      done: boolean;
    }>(
      sql`SELECT c.id, c.category_id, k.name AS category, c.kind, c.description, c.points, c.completes_on_finish, l.name AS level_name,
          EXISTS (SELECT 1 FROM marathon_challenge_completions d WHERE d.challenge_id = c.id AND d.user_id = ${viewer.id}) AS done
        FROM marathon_challenges c JOIN marathon_categories k ON k.id = c.category_id LEFT JOIN marathon_levels l ON l.id = c.level_id
        WHERE ${boardChallengesSql(marathon, viewer.id, now)}
        ORDER BY k.position, c.position`,
      db,
    ),
    queryRows<
      CoverCardRow & {
        link_id: string;
        challenge_id: string;
        progress: number;
        complete: boolean;
        rating_quarters: number | null;
        comment: string | null;
        marked_on: string | null;
        updated_at: string;
      }
    >(
      sql`SELECT l.id AS link_id, l.challenge_id, l.progress, l.complete, l.rating_quarters, l.comment, l.marked_on::text AS marked_on,
          l.updated_at::text AS updated_at, ${coverCardColumns}
        FROM marathon_challenge_links l JOIN editions e ON e.id = l.edition_id
        WHERE l.marathon_id = ${marathonId} AND l.user_id = ${viewer.id} ORDER BY l.created_at, l.id`,
      db,
    ),
    queryRows<{ challenges_done: number; points: number; pages: number; minutes: number; position: number; participants: number }>(
      sql`SELECT p.challenges_done, p.points, p.pages, p.minutes,
          (SELECT count(*)::int + 1 FROM marathon_participants o WHERE o.marathon_id = p.marathon_id AND o.status = 'active'
            AND (o.points > p.points OR (o.points = p.points AND (o.scored_at, o.user_id) < (p.scored_at, p.user_id)))) AS position,
          (SELECT participant_count FROM marathons WHERE id = p.marathon_id) AS participants
        FROM marathon_participants p WHERE p.marathon_id = ${marathonId} AND p.user_id = ${viewer.id}`,
      db,
    ),
  ]);
  const linksOf = new Map<string, BoardLink[]>();
  for (const row of links) {
    const list = linksOf.get(row.challenge_id) ?? [];
    list.push({
      id: row.link_id,
      edition: toCoverCard(row),
      progress: row.progress,
      complete: row.complete,
      rating: row.rating_quarters === null ? null : row.rating_quarters / 4,
      comment: row.comment,
      markedOn: row.marked_on,
      updatedAt: row.updated_at,
    });
    linksOf.set(row.challenge_id, list);
  }
  const categories: Board['categories'] = [];
  for (const c of challenges) {
    const challenge: BoardChallenge = {
      id: c.id,
      kind: c.kind,
      description: c.description,
      points: c.points,
      completesOnFinish: c.completes_on_finish,
      levelName: c.level_name,
      done: c.done,
      links: linksOf.get(c.id) ?? [],
    };
    const last = categories.at(-1);
    if (last?.id === c.category_id) last.challenges.push(challenge);
    else categories.push({ id: c.category_id, name: c.category, challenges: [challenge] });
  }
  const t = totals[0];
  return {
    phase: phaseOf(marathon, now),
    totals: {
      challengesDone: t?.challenges_done ?? 0,
      points: t?.points ?? 0,
      pages: t?.pages ?? 0,
      minutes: t?.minutes ?? 0,
      position: Number(t?.position ?? 1),
      participants: Number(t?.participants ?? 0),
    },
    categories,
  };
}

/** The viewer's shelf entries whose title holds every word typed (accents and case aside), for a "vincular" box. */
export async function searchShelfForBoard(viewer: Viewer, marathonId: string, q: string): Promise<BoardShelfMatch[]> {
  await requireMarathonAccess(getDb(), viewer, marathonId, 'board');
  const words = q
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 8)
    .map((word) => sql`immutable_unaccent(lower(e.title)) LIKE '%' || immutable_unaccent(${word.replace(/[\\%_]/g, (c) => `\\${c}`)}) || '%'`);
  const rows = await queryRows<CoverCardRow & { status: string }>(
    sql`SELECT s.status, ${coverCardColumns} FROM shelf_entries s JOIN editions e ON e.id = s.edition_id
      WHERE s.user_id = ${viewer.id} ${words.length ? sql`AND ${sql.join(words, sql` AND `)}` : sql``}
      ORDER BY s.updated_at DESC, s.id LIMIT ${BOARD_SEARCH_LIMIT}`,
  );
  return rows.map((row) => ({ edition: toCoverCard(row), status: row.status }));
}

/**
 * A board change, in one transaction: the viewer must be an active participant of a marathon that is running (in
 * its time zone), and the challenge revealed and of their level or one below. The scores move with the change,
 * and participantUpdated hears of it.
 */
async function changeBoard<T>(
  viewer: Viewer,
  marathonId: string,
  now: Date,
  work: (tx: Tx, scope: { marathon: MarathonAccess; challenge: (id: string) => Promise<{ kind: 'leitura' | 'atividade' }> }) => Promise<T>,
): Promise<T> {
  return getDb().transaction(async (tx) => {
    const { marathon } = await requireMarathonAccess(tx, viewer, marathonId, 'board');
    const phase = phaseOf(marathon, now);
    if (phase === 'proxima') throw new AppError('invalid_input', 'A maratona ainda não começou: o quadro abre no primeiro dia dela.');
    if (phase === 'encerrada') throw new AppError('invalid_input', 'A maratona terminou: o quadro fica só para consulta.');
    // One board change at a time per participant, so the scores never miss a concurrent one.
    await tx.execute(sql`SELECT 1 FROM marathon_participants WHERE marathon_id = ${marathonId} AND user_id = ${viewer.id} FOR UPDATE`);
    const challenge = async (id: string) => {
      const [row] = await queryRows<{ kind: 'leitura' | 'atividade' }>(
        sql`SELECT c.kind FROM marathon_challenges c WHERE c.id = ${id} AND ${boardChallengesSql(marathon, viewer.id, now)}`,
        tx,
      );
      if (!row) throw new AppError('not_found', 'Esse desafio não está no seu quadro.');
      return row;
    };
    const result = await work(tx, { marathon, challenge });
    await participantUpdated(tx, { marathonId, userId: viewer.id });
    return result;
  });
}

/** Links an edition of the viewer's shelf to a leitura challenge (one link per challenge × edition). */
export async function linkEdition(viewer: Viewer, marathonId: string, challengeId: string, editionId: string, now: Date = new Date()): Promise<void> {
  await changeBoard(viewer, marathonId, now, async (tx, { challenge }) => {
    if ((await challenge(challengeId)).kind !== 'leitura') throw new AppError('invalid_input', 'Livros se vinculam a desafios de leitura.');
    const [shelved] = await queryRows<{ id: string }>(sql`SELECT id FROM shelf_entries WHERE user_id = ${viewer.id} AND edition_id = ${editionId}`, tx);
    if (!shelved) throw new AppError('invalid_input', 'Vincule um livro da sua estante.', 'editionId');
    const [count] = await queryRows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM marathon_challenge_links WHERE challenge_id = ${challengeId} AND user_id = ${viewer.id}`,
      tx,
    );
    if ((count?.n ?? 0) >= LINKS_PER_CHALLENGE_MAX)
      throw new AppError('invalid_input', `Um desafio tem no máximo ${LINKS_PER_CHALLENGE_MAX} livros vinculados.`, 'editionId');
    const inserted = await queryRows<{ id: string }>(
      sql`INSERT INTO marathon_challenge_links (id, marathon_id, challenge_id, user_id, edition_id)
        VALUES (${newId()}, ${marathonId}, ${challengeId}, ${viewer.id}, ${editionId}) ON CONFLICT DO NOTHING RETURNING id`,
      tx,
    );
    if (inserted.length === 0) throw new AppError('invalid_input', 'Esse livro já está vinculado a este desafio.', 'editionId');
  });
}

async function ownLink(tx: Tx, viewer: Viewer, marathonId: string, linkId: string) {
  const [link] = await queryRows<{ challenge_id: string }>(
    sql`SELECT challenge_id FROM marathon_challenge_links WHERE id = ${linkId} AND marathon_id = ${marathonId} AND user_id = ${viewer.id} FOR UPDATE`,
    tx,
  );
  if (!link) throw new AppError('not_found', 'Esse vínculo não existe mais.');
  return link;
}

/** A link's progress, complete flag, rating, comment and marked day (a day of the marathon); the challenge follows. */
export async function updateLink(viewer: Viewer, marathonId: string, linkId: string, input: LinkInput, now: Date = new Date()): Promise<void> {
  await changeBoard(viewer, marathonId, now, async (tx, { marathon, challenge }) => {
    const link = await ownLink(tx, viewer, marathonId, linkId);
    await challenge(link.challenge_id);
    if (input.markedOn !== null && (input.markedOn < marathon.startsOn || input.markedOn > todayIn(marathon.timeZone, now)))
      throw new AppError('invalid_input', 'Marque um dia da maratona, até hoje.', 'markedOn');
    await tx.execute(sql`UPDATE marathon_challenge_links SET progress = ${input.complete ? 100 : input.progress}, complete = ${input.complete},
        rating_quarters = ${input.rating === null ? null : Math.round(input.rating * 4)}, comment = ${input.comment}, marked_on = ${input.markedOn},
        updated_at = ${now.toISOString()}::timestamptz
      WHERE id = ${linkId}`);
    await syncReadingChallenge(tx, { marathonId, challengeId: link.challenge_id, userId: viewer.id, at: now });
  });
}

/** A link removed; the challenge is no longer done when it was its only complete one. */
export async function unlinkEdition(viewer: Viewer, marathonId: string, linkId: string, now: Date = new Date()): Promise<void> {
  await changeBoard(viewer, marathonId, now, async (tx, { challenge }) => {
    const link = await ownLink(tx, viewer, marathonId, linkId);
    await challenge(link.challenge_id);
    await tx.execute(sql`DELETE FROM marathon_challenge_links WHERE id = ${linkId}`);
    await syncReadingChallenge(tx, { marathonId, challengeId: link.challenge_id, userId: viewer.id, at: now });
  });
}

/** An atividade challenge ticked or unticked. */
export async function tickChallenge(viewer: Viewer, marathonId: string, challengeId: string, done: boolean, now: Date = new Date()): Promise<void> {
  await changeBoard(viewer, marathonId, now, async (tx, { challenge }) => {
    if ((await challenge(challengeId)).kind !== 'atividade')
      throw new AppError('invalid_input', 'Um desafio de leitura se conclui pelos livros vinculados a ele.');
    const ref = { marathonId, challengeId, userId: viewer.id, at: now };
    await (done ? markChallengeDone(tx, ref) : unmarkChallengeDone(tx, ref));
  });
}
