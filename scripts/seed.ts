/**
 * Demo data for a fresh install: one account per role, a few news posts, the demo catalogue and the demo
 * reader's bookshelf. Idempotent: run it again and
 * nothing is duplicated. Runs with the server stopped (it takes the embedded database's lock).
 */
import { eq } from 'drizzle-orm';
import { closeDatabase, getDatabase, getDb, migrateDatabase } from '~/db/client.server';
import { newsPosts, users } from '~/db/schema';
import { newId } from '~/lib/ids';

export const DEMO_PASSWORD = 'maratona-demo-2026';
export const demoAccounts = [
  { username: 'ana_admin', name: 'Ana (admin)', email: 'ana@demo.maratona.app', role: 'admin' },
  { username: 'caio_curador', name: 'Caio (curador)', email: 'caio@demo.maratona.app', role: 'curator' },
  { username: 'lia_leitora', name: 'Lia Leitora', email: 'lia@demo.maratona.app', role: 'reader' },
  // beto follows lia; lia has blocked rui (app/features/atts/seed.server.ts)
  { username: 'beto_leitor', name: 'Beto Leitor', email: 'beto@demo.maratona.app', role: 'reader' },
  { username: 'rui_leitor', name: 'Rui Leitor', email: 'rui@demo.maratona.app', role: 'reader' },
] as const;

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

async function main() {
  const database = getDatabase();
  // Everything heavy is loaded once the database lock is ours, so a second process is refused at once.
  const { getAuth } = await import('~/features/accounts/auth.server');
  await migrateDatabase(database);
  for (const account of demoAccounts) {
    const [existing] = await getDb().select({ id: users.id }).from(users).where(eq(users.username, account.username));
    if (!existing) {
      await getAuth().api.signUpEmail({
        body: { email: account.email, password: DEMO_PASSWORD, name: account.name, username: account.username, birthDate: '1992-07-15' },
      });
    }
    await getDb().update(users).set({ role: account.role, emailVerified: true }).where(eq(users.username, account.username));
  }
  const [admin] = await getDb().select({ id: users.id }).from(users).where(eq(users.username, 'ana_admin'));
  for (const [i, post] of news.entries()) {
    await getDb()
      .insert(newsPosts)
      .values({ id: newId(), ...post, authorId: admin?.id, publishedAt: new Date(Date.now() - (news.length - i) * 86_400_000) })
      .onConflictDoNothing({ target: newsPosts.slug });
  }
  const { countCatalog, seedDemoCatalog } = await import('~/features/catalog/seed.server');
  const catalog = await seedDemoCatalog();
  const counts = await countCatalog();
  console.log(`Catálogo: ${counts.editions} edições, ${counts.authors} autores, ${counts.collections} coleções (${catalog.created} novas).`);
  const { seedDemoBookshelf } = await import('~/features/reading/seed.server');
  const shelved = await seedDemoBookshelf('lia_leitora');
  if (shelved) console.log(`Estante de lia_leitora: ${shelved} livros.`);
  const { seedDemoAtts } = await import('~/features/atts/seed.server');
  if (await seedDemoAtts()) console.log('Att de lia_leitora publicada (beto_leitor a segue; rui_leitor está bloqueado).');
  console.log(`Dados de demonstração prontos (${database.kind}). Contas: ${demoAccounts.map((a) => a.username).join(', ')} — senha ${DEMO_PASSWORD}`);
}

main()
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  })
  .finally(() => closeDatabase());
