/**
 * Fills the configured database — after bench/catalog-fill.ts and bench/reading-fill.ts — with an LC for
 * `npm run bench:lcs`: "LC de Bancada" (public, hosted by a generated reader) of one book in 20 etapas, with 5,000
 * participants (bench_leitora and 4,999 generated readers, who read along at different points) and 20,000
 * comments (1,000 per etapa, a fifth of them replies). bench_leitora is at page 60 % of the book: past the first
 * twelve etapas, short of the rest. INSERT … SELECT inside the database; skipped when done.
 */
import { sql } from 'drizzle-orm';
import { queryRows } from '~/db/client.server';
import { BENCH_LC, GENERATED_PREFIX, runFill } from './harness';

const PARTICIPANTS = 5_000;
const STAGES = 20;
const COMMENTS_PER_STAGE = 1_000;

runFill('LC already generated', sql`SELECT count(*)::int AS n FROM group_reads WHERE id = ${BENCH_LC.id}`, async ({ db, benchId, step }) => {
  // A book the bench reader has not shelved, with enough pages for 20 etapas.
  const [book] = await queryRows<{ id: string; pages: number }>(sql`
    SELECT e.id, e.pages FROM editions e WHERE e.pages >= 400
      AND NOT EXISTS (SELECT 1 FROM shelf_entries s WHERE s.edition_id = e.id AND s.user_id = ${benchId}) ORDER BY e.id LIMIT 1`);
  if (!book) throw new Error('no edition of 400 pages or more: run bench/catalog-fill.ts first');
  const host = `${GENERATED_PREFIX}u-${PARTICIPANTS + 1}`;

  await db.execute(sql`
    INSERT INTO group_reads (id, slug, title, description, host_user_id, created_by_id, starts_on, ends_on, visibility, participant_count)
    VALUES (${BENCH_LC.id}, ${BENCH_LC.slug}, 'LC de Bancada', 'Uma LC **grande** para medir a discussão.', ${host}, ${host},
      (now() AT TIME ZONE 'America/Sao_Paulo')::date - 70, (now() AT TIME ZONE 'America/Sao_Paulo')::date + 69, 'publico', ${PARTICIPANTS})`);
  await db.execute(sql`INSERT INTO group_read_editions (group_read_id, edition_id, position) VALUES (${BENCH_LC.id}, ${book.id}, 0)`);
  await db.execute(sql`
    INSERT INTO group_read_stages (id, group_read_id, edition_id, position, unit, from_number, to_number, starts_on, ends_on)
    SELECT ${BENCH_LC.id} || '-s-' || i, ${BENCH_LC.id}, ${book.id}, i, 'pages', (i * ${book.pages}) / ${STAGES} + 1, ((i + 1) * ${book.pages}) / ${STAGES},
      (now() AT TIME ZONE 'America/Sao_Paulo')::date - 70 + i * 7, (now() AT TIME ZONE 'America/Sao_Paulo')::date - 70 + i * 7 + 6
    FROM generate_series(0, ${STAGES - 1}) AS i`);
  await db.execute(sql`
    INSERT INTO group_read_participants (group_read_id, user_id, status, joined_at)
    SELECT ${BENCH_LC.id}, id, 'active', now() - interval '80 days' FROM users
    WHERE id = ${benchId} OR id IN (SELECT ${GENERATED_PREFIX} || 'u-' || i FROM generate_series(1, ${PARTICIPANTS - 1}) AS i)`);
  step(`${PARTICIPANTS} participants in ${STAGES} etapas`);

  // Everyone shelves the book; most read it, at points spread over the whole book; bench_leitora at 60 %.
  await db.execute(sql`
    INSERT INTO shelf_entries (id, user_id, edition_id, status)
    SELECT ${BENCH_LC.id} || '-e-' || p.user_id, p.user_id, ${book.id}, 'reading' FROM group_read_participants p
    WHERE p.group_read_id = ${BENCH_LC.id} ON CONFLICT DO NOTHING`);
  await db.execute(sql`
    INSERT INTO read_throughs (id, user_id, shelf_entry_id, started_on, progress_fraction, progress_value, progress_unit, progress_updated_at)
    SELECT s.id || '-r', s.user_id, s.id, current_date - 60,
      CASE WHEN s.user_id = ${benchId} THEN 0.6 ELSE (abs(hashtext(s.user_id)) % 100) / 100.0 END, NULL, 'percent', now()
    FROM shelf_entries s WHERE s.id LIKE ${`${BENCH_LC.id}-e-%`}`);
  step('reading progress');

  await db.execute(sql`
    INSERT INTO group_read_comments (id, group_read_id, stage_id, author_id, parent_id, body, created_at)
    SELECT st.id || '-c-' || k, ${BENCH_LC.id}, st.id, ${GENERATED_PREFIX} || 'u-' || ((st.position * 977 + k * 31) % ${PARTICIPANTS - 1} + 1),
      CASE WHEN k % 5 = 0 THEN st.id || '-c-' || (k - 1) END,
      'Comentário ' || k || ' da etapa: ' || repeat('o que vocês acharam desta parte? ', 1 + k % 6),
      now() - interval '60 days' + st.position * interval '3 days' + k * interval '3 minutes'
    FROM group_read_stages st CROSS JOIN generate_series(1, ${COMMENTS_PER_STAGE}) AS k WHERE st.group_read_id = ${BENCH_LC.id}`);
  step(`${STAGES * COMMENTS_PER_STAGE} comments`);
});
