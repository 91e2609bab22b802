/**
 * Demo data for a fresh install: one account per role, a few news posts, the demo catalogue, the demo
 * reader's bookshelf and atts, a small community of readers who follow one another (`/u` has readers to
 * browse), three clubs and an LC in each phase. Idempotent: run it again and nothing is duplicated. `scripts/seed.ts` runs it; the tests of the
 * demo data run it too (app/features/catalog/search.test.ts).
 */
import { eq } from 'drizzle-orm';
import { getDb } from '~/db/client.server';
import { newsPosts, users } from '~/db/schema';
import { DEMO_PASSWORD, type DemoAccount, seedDemoAccounts } from '~/features/accounts/seed.server';
import { seedDemoAtts } from '~/features/atts/seed.server';
import { DEMO_ROOM, seedDemoFocusRoom } from '~/features/focus/rooms/seed.server';
import { seedDemoFocusGame, seedDemoFocusRanking, seedDemoFocusSessions } from '~/features/focus/seed.server';
import { seedDemoTasks } from '~/features/tasks/seed.server';
import { DEMO_CLUBS, seedDemoClubs } from '~/features/clubs/seed.server';
import { DEMO_GROUP_READS, seedDemoGroupReads } from '~/features/lcs/seed.server';
import { DEMO_MARATHONS, seedDemoMarathons } from '~/features/marathons/seed.server';
import { countCatalog, seedDemoCatalog } from '~/features/catalog/seed.server';
import { DEMO_READERS, seedDemoReaders } from '~/features/profiles/seed.server';
import { seedDemoBookshelf } from '~/features/reading/seed.server';
import { seedDemoWhispers } from '~/features/whispers/seed.server';
import { seedDemoUnsprint } from '~/features/unsprint/seed.server';
import { seedDemoOverlays } from '~/features/overlays/seed.server';
import { newId } from '~/lib/ids';

const demoAccounts: DemoAccount[] = [
  { username: 'ana_admin', name: 'Ana (admin)', email: 'ana@demo.maratona.app', role: 'admin' },
  { username: 'caio_curador', name: 'Caio (curador)', email: 'caio@demo.maratona.app', role: 'curator' },
  {
    username: 'lia_leitora',
    name: 'Lia Leitora',
    email: 'lia@demo.maratona.app',
    role: 'reader',
    pronouns: 'ela/dela',
    bio: 'Leio de tudo um pouco, mas sempre volto aos clássicos brasileiros. Meta do ano: 24 livros, sem culpa de abandonar os que não me pegam.',
  },
  // beto follows lia; lia has blocked rui (app/features/atts/seed.server.ts)
  {
    username: 'beto_leitor',
    name: 'Beto Leitor',
    email: 'beto@demo.maratona.app',
    role: 'reader',
    pronouns: 'ele/dele',
    bio: 'Voltei a ler há pouco tempo e ainda estou montando a minha estante. Sigo quem lê bem para saber o que ler em seguida.',
  },
  { username: 'rui_leitor', name: 'Rui Leitor', email: 'rui@demo.maratona.app', role: 'reader' },
];

const news = [
  {
    slug: 'bem-vindo-ao-maratona',
    title: 'Bem-vindo ao Maratona',
    body: 'O Maratona abriu as portas! Crie sua conta, escolha seu nome de usuário e deixe o perfil com a sua cara.\n\n- Contas com e-mail e senha\n- Tema claro e escuro\n- Instale no celular como um app',
  },
  {
    slug: 'o-que-vem-por-ai',
    title: 'O que vem por aí',
    body: 'Estamos trabalhando no **catálogo de edições brasileiras**, na sua **estante** com progresso de leitura e nas **maratonas literárias**. Acompanhe por aqui ou pelo [RSS](/novidades/rss.xml).',
  },
];

/** Seeds the whole demo on a migrated database; answers what it did, a line each, in Portuguese for the log. */
export async function seedDemo(): Promise<string[]> {
  const said: string[] = [];
  await seedDemoAccounts(demoAccounts);
  const [admin] = await getDb().select({ id: users.id }).from(users).where(eq(users.username, 'ana_admin'));
  for (const [i, post] of news.entries()) {
    await getDb()
      .insert(newsPosts)
      .values({ id: newId(), ...post, authorId: admin?.id, publishedAt: new Date(Date.now() - (news.length - i) * 86_400_000) })
      .onConflictDoNothing({ target: newsPosts.slug });
  }
  const catalog = await seedDemoCatalog();
  const counts = await countCatalog();
  said.push(`Catálogo: ${counts.editions} edições, ${counts.authors} autores, ${counts.collections} coleções (${catalog.created} novas).`);
  const shelved = await seedDemoBookshelf('lia_leitora');
  if (shelved) said.push(`Estante de lia_leitora: ${shelved} livros.`);
  if (await seedDemoAtts()) said.push('Att de lia_leitora publicada (beto_leitor a segue; rui_leitor está bloqueado).');
  const focus = await seedDemoFocusSessions('lia_leitora');
  if (focus) said.push(`Foca de lia_leitora: ${focus} sessões de foco encerradas, em /foca.`);
  const eggs = await seedDemoFocusGame('lia_leitora');
  if (eggs) said.push(`Foca de lia_leitora: ${eggs} ovinhos (três bichinhos, um de cada raridade; três chocando, um esperando), em /foca/abrigo.`);
  if (await seedDemoTasks('lia_leitora')) said.push('Tarefas de lia_leitora: uma de hoje concluída, outras no meio do caminho, em /tarefas.');
  const readers = await seedDemoReaders();
  if (readers) said.push(`${readers} leitores com estante, att e quem seguem, para conhecer em /u.`);
  const focusRanking = await seedDemoFocusRanking();
  if (focusRanking) said.push(`${focusRanking} leitores com sessões de foco, no ranking da Foca (/foca/ranking, /f).`);
  if (await seedDemoFocusRoom()) said.push(`Sala de foco pública “${DEMO_ROOM.name}” de ${DEMO_ROOM.host}, com a sprint de ontem, em /foca/salas.`);
  if (await seedDemoUnsprint())
    said.push(
      'unSprint: joana_moura (streamer) e lia_leitora com a Twitch conectada; o sprint de ontem creditou 25 minutos a lia, em /configuracoes/integracoes.',
    );
  const whispers = await seedDemoWhispers();
  if (whispers) said.push(`Sussurros de lia_leitora: ${whispers} conversas, uma não lida (de marcos_tavares), em /sussurros.`);
  if (await seedDemoOverlays()) said.push('Overlays de lia_leitora: a aparência da foca e do livro atual, em /streamer (o link para o OBS ela cria lá).');
  const clubs = await seedDemoClubs();
  if (clubs) said.push(`${clubs} clubes: ${DEMO_CLUBS.map((c) => `${c.name} (${c.visibility})`).join(', ')}, em /clubes.`);
  const groupReads = await seedDemoGroupReads();
  if (groupReads) said.push(`${groupReads} LCs: ${DEMO_GROUP_READS.map((lc) => lc.title).join(', ')}, em /lcs.`);
  const marathonCount = await seedDemoMarathons();
  if (marathonCount)
    said.push(
      `${marathonCount} maratonas: ${DEMO_MARATHONS.map((m) => m.name).join(', ')}, em /maratonas (as que já começaram com quadros em /m/{identificador}/progresso).`,
    );
  const usernames = [...demoAccounts, ...DEMO_READERS].map((a) => a.username);
  said.push(`Contas: ${usernames.join(', ')} — senha ${DEMO_PASSWORD}`);
  return said;
}
