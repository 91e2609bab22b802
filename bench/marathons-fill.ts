/**
 * Fills the configured database — after bench/catalog-fill.ts and bench/reading-fill.ts — for
 * `npm run bench:marathons`: two official marathons of 15,000 participants each (bench_leitora, the readers
 * bench/reading-fill.ts made, who have atts, and generated ones up to the count), running since a week ago for
 * two weeks: "Maratona de Bancada" with three levels, "Maratona de Equipes" with four teams. Each has 4 categories
 * of 10 challenges (one revealed today), and scores spread over the participants (points, challenges, pages,
 * minutes, when the score was reached); the teams' columns are their participants' sums; bench_leitora's board has
 * editions of her shelf linked to the revealed reading challenges, half of them complete. INSERT … SELECT inside
 * the database; skipped when done.
 */
import { sql } from 'drizzle-orm';
import { BENCH_MARATHONS, GENERATED_PREFIX, runFill } from './harness';

const PARTICIPANTS = 15_000;
const CATEGORIES = 4;
const CHALLENGES_PER_CATEGORY = 10;

runFill(
  'Marathons already generated',
  sql`SELECT count(*)::int AS n FROM marathons WHERE id = ${BENCH_MARATHONS.levels.id}`,
  async ({ db: database, benchId, step }) => {
    // One transaction: a failed fill leaves nothing behind for the next run to mistake for done.
    await database.transaction(async (db) => {
      // Readers beyond bench/reading-fill.ts's, so each marathon has PARTICIPANTS whatever BENCH_READERS was.
      await db.execute(sql`
    INSERT INTO users (id, name, email, email_verified, username, display_username, birth_date, profile_visibility)
    SELECT ${GENERATED_PREFIX} || 'mu-' || i, 'Maratonista ' || i, 'maratonista' || i || '@bench.maratona.app', true, 'maratonista_' || i,
      'maratonista_' || i, DATE '1991-01-01' + (i % 7000), 'publico'
    FROM generate_series(1, ${PARTICIPANTS}) AS i ON CONFLICT (id) DO NOTHING`);
      const today = sql`(now() AT TIME ZONE 'America/Sao_Paulo')::date`;
      for (const [kind, marathon] of Object.entries(BENCH_MARATHONS)) {
        const mode = kind === 'levels' ? 'levels' : 'teams';
        await db.execute(sql`
      INSERT INTO marathons (id, slug, name, description, official, starts_on, ends_on, registration_opens_on, registration_closes_on, visibility, mode,
        participant_count)
      VALUES (${marathon.id}, ${marathon.slug}, ${marathon.name}, 'Uma maratona **grande** para medir o ranking.', true, ${today} - 7, ${today} + 7,
        ${today} - 14, ${today} + 7, 'publico', ${mode}, ${PARTICIPANTS})`);
        const groups = mode === 'levels' ? sql.raw('marathon_levels') : sql.raw('marathon_teams');
        const groupNames = mode === 'levels' ? ['Principiante', 'Intermediário', 'Hardcore'] : ['Capitu', 'Bentinho', 'Escobar', 'Sancha'];
        await db.execute(sql`
      INSERT INTO ${groups} (id, marathon_id, position, name)
      SELECT ${marathon.id} || '-g-' || g.i, ${marathon.id}, g.i, g.name FROM json_array_elements_text(${JSON.stringify(groupNames)}::json) WITH ORDINALITY AS g(name, i)`);
        await db.execute(sql`
      INSERT INTO marathon_categories (id, marathon_id, position, name)
      SELECT ${marathon.id} || '-k-' || i, ${marathon.id}, i, 'Categoria ' || i FROM generate_series(1, ${CATEGORIES}) AS i`);
        await db.execute(sql`
      INSERT INTO marathon_challenges (id, marathon_id, category_id, position, kind, description, points, reveals_on)
      SELECT ${marathon.id} || '-c-' || k || '-' || i, ${marathon.id}, ${marathon.id} || '-k-' || k, i,
        CASE WHEN i % 3 = 0 THEN 'atividade' ELSE 'leitura' END, 'Desafio ' || i || ' da categoria ' || k, 1 + i % 5,
        CASE WHEN i = 1 THEN ${today} WHEN i > 8 THEN ${today} + i - 8 END
      FROM generate_series(1, ${CATEGORIES}) AS k CROSS JOIN generate_series(1, ${CHALLENGES_PER_CATEGORY}) AS i`);
        // bench_leitora, the reading life's readers, then the marathon's own: PARTICIPANTS in all, scores by a hash.
        await db.execute(sql`
      INSERT INTO marathon_participants (marathon_id, user_id, status, level_id, team_id, joined_at, status_at, challenges_done, points, pages, minutes,
        scored_at)
      SELECT ${marathon.id}, p.id, 'active',
        ${mode === 'levels' ? sql`${marathon.id} || '-g-' || (1 + h % 3)` : sql`NULL`},
        ${mode === 'teams' ? sql`${marathon.id} || '-g-' || (1 + h % 4)` : sql`NULL`},
        now() - interval '10 days', now() - interval '10 days', h % 25, CASE WHEN p.id = ${benchId} THEN 60 ELSE h % 150 END, (h / 7) % 2000,
        (h / 11) % 3000, now() - (h % 100000) * interval '5 seconds'
      FROM (
        SELECT u.id FROM users u WHERE u.id = ${benchId}
        UNION ALL (SELECT u.id FROM users u WHERE u.id LIKE ${`${GENERATED_PREFIX}u-%`} ORDER BY u.id LIMIT ${PARTICIPANTS - 1})
        UNION ALL (SELECT u.id FROM users u WHERE u.id LIKE ${`${GENERATED_PREFIX}mu-%`} ORDER BY u.id LIMIT ${PARTICIPANTS - 1})
        LIMIT ${PARTICIPANTS}
      ) p CROSS JOIN LATERAL (SELECT abs(hashtext(p.id || ${marathon.id})) AS h) hh`);
        await db.execute(sql`
      UPDATE marathon_teams t SET challenges_done = s.challenges_done, points = s.points, pages = s.pages, minutes = s.minutes, scored_at = s.scored_at
      FROM (SELECT team_id, sum(challenges_done) AS challenges_done, sum(points) AS points, sum(pages) AS pages, sum(minutes) AS minutes,
          max(scored_at) AS scored_at
        FROM marathon_participants WHERE marathon_id = ${marathon.id} AND team_id IS NOT NULL GROUP BY team_id) s
      WHERE t.id = s.team_id`);
        // bench_leitora's board: editions of her shelf linked to the revealed reading challenges, half of them complete.
        await db.execute(sql`
      INSERT INTO marathon_challenge_links (id, marathon_id, challenge_id, user_id, edition_id, progress, complete, marked_on)
      SELECT ${marathon.id} || '-l-' || c.id, ${marathon.id}, c.id, ${benchId}, s.edition_id, CASE WHEN c.n % 2 = 0 THEN 100 ELSE 40 END, c.n % 2 = 0,
        CASE WHEN c.n % 2 = 0 THEN ${today} - 1 END
      FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM marathon_challenges
        WHERE marathon_id = ${marathon.id} AND kind = 'leitura' AND (reveals_on IS NULL OR reveals_on <= ${today})) c
      JOIN (SELECT edition_id, row_number() OVER (ORDER BY edition_id) AS n FROM shelf_entries WHERE user_id = ${benchId}) s ON s.n = c.n`);
        await db.execute(sql`
      INSERT INTO marathon_challenge_completions (marathon_id, challenge_id, user_id)
      SELECT marathon_id, challenge_id, user_id FROM marathon_challenge_links WHERE marathon_id = ${marathon.id} AND user_id = ${benchId} AND complete`);
        step(`${marathon.name}: ${PARTICIPANTS} participants, ${CATEGORIES * CHALLENGES_PER_CATEGORY} challenges`);
      }
    });
  },
);
