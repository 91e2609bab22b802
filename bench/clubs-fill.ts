/**
 * Fills the configured database — after bench/catalog-fill.ts and bench/reading-fill.ts — with clubs for
 * `npm run bench:clubs`: "Clube de Bancada" (owned by bench_leitora) with 20,000 members (the 10,000 generated
 * readers and 10,000 more made here; 5 % moderators, a free and a paid plan held by some), 5,000 posts (4,000
 * on /posts for every audience, 1,000 threads) with 20,000 comments and reactions, three activities, and 300
 * other clubs of 1–300 members for the directory. INSERT … SELECT inside the database; skipped when done.
 */
import { sql } from 'drizzle-orm';
import { BENCH_CLUB, GENERATED_PREFIX, runFill } from './harness';

const EXTRA_READERS = 10_000;
const POSTS = 4_000;
const THREADS = 1_000;
const OTHER_CLUBS = 300;

runFill('clubs already generated', sql`SELECT count(*)::int AS n FROM clubs WHERE id = ${BENCH_CLUB.id}`, async ({ db, benchId, step }) => {
  await db.execute(sql`
    INSERT INTO users (id, name, email, email_verified, username, display_username, birth_date, created_at)
    SELECT ${GENERATED_PREFIX} || 'm-' || i, 'Membro ' || i, 'membro' || i || '@bench.maratona.app', true, 'membro_' || i, 'membro_' || i, DATE '1992-01-01' + (i % 5000), now() - (i % 400) * interval '1 day'
    FROM generate_series(1, ${EXTRA_READERS}) AS i`);
  step(`${EXTRA_READERS} more readers`);

  await db.execute(sql`
    INSERT INTO clubs (id, slug, name, description, welcome_text, rules, visibility, categories, members_can_post)
    VALUES (${BENCH_CLUB.id}, ${BENCH_CLUB.slug}, 'Clube de Bancada', 'Um clube **grande** para medir as páginas.', 'Boas-vindas!', 'Respeito.', 'aberto', '{geral,fantasia}', true)`);
  await db.execute(sql`
    INSERT INTO club_plans (id, club_id, name, description, price_cents, position) VALUES
      (${`${GENERATED_PREFIX}plan-free`}, ${BENCH_CLUB.id}, 'Leitor', 'O básico.', 0, 0),
      (${`${GENERATED_PREFIX}plan-paid`}, ${BENCH_CLUB.id}, 'Mecenas', 'Para apoiar.', 1990, 1)`);
  await db.execute(sql`
    INSERT INTO club_members (club_id, user_id, role, status, joined_at, status_at)
    VALUES (${BENCH_CLUB.id}, ${benchId}, 'owner', 'active', now() - interval '120 days', now() - interval '120 days')`);
  await db.execute(sql`
    INSERT INTO club_members (club_id, user_id, role, status, plan_id, plan_price_cents, plan_started_at, joined_at, status_at)
    SELECT ${BENCH_CLUB.id}, u.id, CASE WHEN n % 20 = 0 THEN 'moderator' ELSE 'member' END,
      CASE WHEN n % 200 = 1 THEN 'pending' WHEN n % 500 = 2 THEN 'banned' ELSE 'active' END,
      CASE WHEN n % 10 = 3 THEN ${`${GENERATED_PREFIX}plan-paid`} WHEN n % 10 = 4 THEN ${`${GENERATED_PREFIX}plan-free`} END,
      CASE WHEN n % 10 = 3 THEN 1990 WHEN n % 10 = 4 THEN 0 END,
      CASE WHEN n % 10 IN (3, 4) THEN now() - (n % 80) * interval '1 day' END,
      now() - (n % 84) * interval '1 day' - (n % 1440) * interval '1 minute', now() - (n % 84) * interval '1 day'
    FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM users WHERE id LIKE ${`${GENERATED_PREFIX}u-%`} OR id LIKE ${`${GENERATED_PREFIX}m-%`}) AS u`);
  step('20,000 members');

  await db.execute(sql`
    INSERT INTO club_posts (id, club_id, author_id, kind, title, body, visibility, min_plan_id, pinned_at, created_at)
    SELECT ${GENERATED_PREFIX} || 'cp-' || i, ${BENCH_CLUB.id},
      CASE WHEN i <= ${POSTS} THEN ${benchId} ELSE ${GENERATED_PREFIX} || 'u-' || (i % 9000 + 1) END,
      CASE WHEN i <= ${POSTS} THEN 'post' ELSE 'thread' END,
      'Post gerado ' || i, repeat('Texto do post gerado, com **negrito** e uma lista. ', 8 + i % 20),
      CASE WHEN i > ${POSTS} THEN 'membros' WHEN i % 5 = 0 THEN 'plano' WHEN i % 5 = 1 THEN 'membros' ELSE 'publico' END,
      CASE WHEN i <= ${POSTS} AND i % 5 = 0 THEN ${`${GENERATED_PREFIX}plan-paid`} END,
      CASE WHEN i IN (${POSTS}, ${POSTS - 1}) THEN now() END,
      now() - (${POSTS + THREADS} - i) * interval '37 minutes'
    FROM generate_series(1, ${POSTS + THREADS}) AS i`);
  await db.execute(sql`
    INSERT INTO club_post_comments (id, post_id, author_id, body, created_at)
    SELECT p.id || '-c-' || k, p.id, ${GENERATED_PREFIX} || 'u-' || ((length(p.id) * 31 + k * 977) % 9000 + 1), 'Comentário ' || k, p.created_at + k * interval '5 minutes'
    FROM club_posts p CROSS JOIN generate_series(1, 4) AS k WHERE p.club_id = ${BENCH_CLUB.id}`);
  await db.execute(sql`
    INSERT INTO club_post_reactions (post_id, user_id, kind)
    SELECT p.id, ${GENERATED_PREFIX} || 'u-' || ((length(p.id) * 13 + k * 331) % 9000 + 1), (ARRAY['heart', 'laugh', 'wow', 'sad', 'clap'])[1 + k % 5]
    FROM club_posts p CROSS JOIN generate_series(1, 6) AS k WHERE p.club_id = ${BENCH_CLUB.id}
    ON CONFLICT DO NOTHING`);
  step(`${POSTS + THREADS} posts with comments and reactions`);

  await db.execute(sql`
    INSERT INTO club_activities (id, club_id, kind, title, description, starts_at, ends_at, link)
    VALUES (${`${GENERATED_PREFIX}act-1`}, ${BENCH_CLUB.id}, 'group_read', 'LC do mês', 'Um livro por mês.', now() + interval '3 days', now() + interval '30 days', NULL),
      (${`${GENERATED_PREFIX}act-2`}, ${BENCH_CLUB.id}, 'live', 'Encontro ao vivo', 'Conversa.', now() + interval '9 days', NULL, 'https://meet.jit.si/clube-de-bancada'),
      (${`${GENERATED_PREFIX}act-3`}, ${BENCH_CLUB.id}, 'marathon', 'Maratona do clube', 'Duas semanas.', now() + interval '20 days', now() + interval '34 days', NULL)`);

  await db.execute(sql`
    INSERT INTO clubs (id, slug, name, description, visibility, categories, last_activity_at)
    SELECT ${GENERATED_PREFIX} || 'club-' || i, 'clube-gerado-' || i, 'Clube Gerado ' || i, 'Um clube gerado para o diretório.',
      (ARRAY['aberto', 'moderado', 'privado'])[1 + i % 3], ARRAY[(ARRAY['fantasia', 'romance', 'classicos', 'poesia', 'geral'])[1 + i % 5]], now() - i * interval '1 hour'
    FROM generate_series(1, ${OTHER_CLUBS}) AS i`);
  await db.execute(sql`
    INSERT INTO club_members (club_id, user_id, role, status, joined_at)
    SELECT ${GENERATED_PREFIX} || 'club-' || i, ${GENERATED_PREFIX} || 'u-' || ((i * 53 + k * 7) % 10000 + 1), CASE WHEN k = 1 THEN 'owner' ELSE 'member' END, 'active', now()
    FROM generate_series(1, ${OTHER_CLUBS}) AS i CROSS JOIN LATERAL generate_series(1, 1 + (i * 37) % 300) AS k
    ON CONFLICT DO NOTHING`);
  step(`${OTHER_CLUBS} other clubs`);
});
