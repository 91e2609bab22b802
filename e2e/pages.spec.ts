import { expect, test } from '@playwright/test';
import { expectAccessible, signIn, signUp, uniqueName } from './helpers';

const publicPages = [
  { path: '/', heading: 'Leia mais, junto com quem ama livros.' },
  { path: '/auth/signin', heading: 'Entrar' },
  { path: '/auth/signin?modo=criar', heading: 'Criar conta' },
  { path: '/auth/redefinir-senha', heading: 'Esqueci minha senha' },
  { path: '/auth/error?error=access_denied', heading: 'Não foi possível entrar' },
  { path: '/novidades', heading: 'Novidades' },
  { path: '/politica', heading: 'Política de privacidade' },
  { path: '/termos', heading: 'Termos de uso' },
  { path: '/~offline', heading: 'Você está sem internet' },
  { path: '/nao-existe', heading: 'Página não encontrada', status: 404 },
];

const readerPages = [
  { path: '/home', heading: 'Olá,' },
  { path: '/configuracoes/conta', heading: 'Sua conta' },
  { path: '/configuracoes/conexoes', heading: 'Conexões' },
  // lia's demo unSprint sprint, credited from joana_moura's channel.
  { path: '/configuracoes/integracoes', heading: 'Integrações' },
  { path: '/notificacoes', heading: 'Notificações' },
  { path: '/catalogo/minhas-solicitacoes', heading: 'Minhas solicitações' },
  { path: '/catalogo/solicitar?tipo=novo-autor', heading: 'Pedir a inclusão de um autor' },
  { path: '/configuracoes/notificacoes', heading: 'Notificações' },
  { path: '/estante', heading: 'Minha estante' },
  { path: '/estantes', heading: 'Estantes' },
  { path: '/atts', heading: 'Atts' },
  { path: '/seguindo', heading: 'Seguindo' },
  // lia's demo whispers: three conversations, marcos_tavares's unread.
  { path: '/sussurros', heading: 'Sussurros' },
  // lia's demo focus sessions (closed ones: none running) on the game home and its log.
  { path: '/foca', heading: 'Foca' },
  { path: '/foca/logs', heading: 'Sessões de foco' },
  { path: '/u', heading: 'Leitores' },
  { path: '/u/lia_leitora', heading: 'Lia Leitora' },
  ...['estante', 'estantes', 'lidos', 'resenhas', 'atts', 'seguidores', 'seguindo', 'estatisticas'].map((tab) => ({
    path: `/u/lia_leitora/${tab}`,
    heading: 'Lia Leitora',
  })),
  { path: '/u/lia_leitora/foca', heading: 'Lia Leitora' },
  { path: '/f/lia_leitora', heading: 'Foca de Lia Leitora' },
  { path: '/u/beto_leitor', heading: 'Beto' },
];

const adminPages = [
  { path: '/gerenciar', heading: 'Gerenciar' },
  { path: '/gerenciar/emails', heading: 'E-mails enviados' },
  { path: '/gerenciar/novidades', heading: 'Novidades' },
  { path: '/gerenciar/catalogo', heading: 'Catálogo' },
  { path: '/gerenciar/catalogo/solicitacoes', heading: 'Solicitações' },
  { path: '/gerenciar/catalogo/historicos', heading: 'Histórico do catálogo' },
  { path: '/gerenciar/catalogo/importar', heading: 'Importar edições' },
  { path: '/gerenciar/denuncias', heading: 'Denúncias' },
];

for (const width of [390, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 390 ? 844 : 800 } });

    for (const page of publicPages) {
      test(`visitor sees ${page.path}`, async ({ page: p }) => {
        const response = await p.goto(page.path);
        expect(response?.status()).toBe(page.status ?? 200);
        await expect(p.getByRole('heading', { level: 1, name: page.heading })).toBeVisible();
        await expectAccessible(p);
      });
    }

    for (const [who, pages] of [
      ['lia_leitora', readerPages],
      ['ana_admin', adminPages],
    ] as const) {
      test(`${who} sees their pages`, async ({ page }) => {
        test.setTimeout(240_000);
        await signIn(page, who);
        for (const { path, heading } of pages) {
          await page.goto(path);
          await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
          await expectAccessible(page);
        }
      });
    }

    test('an edition and its tabs, as a reader with it on the bookshelf', async ({ page }) => {
      test.setTimeout(180_000);
      await signIn(page, 'lia_leitora');
      await page.goto('/estante');
      const href = await page.locator('main a[href^="/ed/"]').first().getAttribute('href');
      const edition = /^\/ed\/[^/?#]+/.exec(href ?? '')?.[0];
      expect(edition).toBeTruthy();
      for (const tab of ['', '/resenhas', '/atts', '/leitores', '/estatisticas']) {
        const response = await page.goto(`${edition}${tab}`);
        expect(response?.status()).toBe(200);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expectAccessible(page);
      }
    });
  });
}

test('signed-in pages send visitors to sign in, and back afterwards', async ({ page }) => {
  await page.goto('/configuracoes/conta');
  await expect(page).toHaveURL(/\/auth\/signin\?callbackUrl=%2Fconfiguracoes%2Fconta/);
  await page.getByLabel('E-mail ou nome de usuário').fill('lia_leitora');
  await page.getByLabel('Senha', { exact: true }).fill('maratona-demo-2026');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/configuracoes\/conta$/);
});

/** Whether a browser sent to `target` from `origin`, then to the path it lands on, stays on `origin`. */
function landsOn(origin: string, target: string): boolean {
  const first = new URL(target, origin);
  return first.origin === origin && new URL(first.pathname + first.search + first.hash, origin).origin === origin;
}

/** Where a `.data` request's answer redirects (React Router's turbo-stream: objects map key indexes to value indexes). */
function dataRedirect(body: string): string {
  const values = JSON.parse(body.split('\n')[0] ?? '[]') as unknown[];
  const key = `_${values.indexOf('redirect')}`;
  const holder = values.find((value): value is Record<string, number> => typeof value === 'object' && value !== null && key in value);
  return String(values[holder?.[key] ?? -1]);
}

test('sign-in, /auth/redirect and the auth library send the browser only to this site, as pages and as .data', async ({ browser, request, baseURL }) => {
  const origin = baseURL ?? '';
  const away = '/.//evil.example/x';
  const manual = { maxRedirects: 0 } as const;
  const location = (response: { headers(): Record<string, string> }) => response.headers()['location'] ?? '';

  const bounce = await request.get(`/auth/redirect?callbackUrl=${encodeURIComponent(away)}`, manual);
  expect(bounce.status()).toBe(302);
  expect(landsOn(origin, location(bounce))).toBe(true);

  // An account of its own, confirmed: sign-ins here must not spend a demo account's 10 a minute.
  const username = uniqueName('volta');
  const context = await browser.newContext();
  await signUp(await context.newPage(), username, 'helena-1876');
  await context.close();

  const credentials = { intent: 'entrar', identifier: username, password: 'helena-1876', callbackUrl: away };
  const asPage = await request.post('/auth/signin', { ...manual, headers: { Origin: origin }, form: credentials });
  expect(asPage.status()).toBe(302);
  expect(landsOn(origin, location(asPage))).toBe(true);
  const data = await request.post('/auth/signin.data', { ...manual, headers: { Origin: origin }, form: credentials });
  expect(data.status()).toBe(202);
  expect(landsOn(origin, dataRedirect(await data.text()))).toBe(true);

  // Signed in, the sign-in page goes straight to its callbackUrl.
  const signedIn = await request.get(`/auth/signin?callbackUrl=${encodeURIComponent(away)}`, manual);
  expect(signedIn.status()).toBe(302);
  expect(landsOn(origin, location(signedIn))).toBe(true);
  const signedInData = await request.get(`/auth/signin.data?callbackUrl=${encodeURIComponent(away)}`, manual);
  expect(signedInData.status()).toBe(202);
  expect(landsOn(origin, dataRedirect(await signedInData.text()))).toBe(true);

  // The auth library's own e-mail check link wrote `/.//evil.example/x` out as `//evil.example/x`; its router now
  // answers only the OAuth callback (decision 0034).
  const library = await request.get(`/api/auth/verify-email?token=nao-existe&callbackURL=${encodeURIComponent(away)}`, manual);
  expect(library.status()).toBe(404);
});

test('management is invisible to readers (404); curators see only its catalogue section', async ({ browser }) => {
  const reader = await browser.newPage();
  await signIn(reader, 'lia_leitora');
  for (const path of ['/gerenciar', '/gerenciar/catalogo', '/gerenciar/catalogo/historicos', '/gerenciar/catalogo/importar']) {
    const response = await reader.goto(path);
    expect(response?.status()).toBe(404);
    await expect(reader.getByRole('heading', { name: 'Página não encontrada' })).toBeVisible();
  }
  const curator = await browser.newPage();
  await signIn(curator, 'caio_curador');
  await curator.goto('/gerenciar');
  await expect(curator.getByRole('link', { name: 'Fila de solicitações' })).toBeVisible();
  await expect(curator.getByRole('link', { name: 'E-mails enviados' })).toHaveCount(0);
  expect((await curator.goto('/gerenciar/emails'))?.status()).toBe(404);
});

test('security headers on every response, and cross-site posts refused', async ({ request }) => {
  const response = await request.get('/');
  const headers = response.headers();
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBeTruthy();
  expect(headers['x-powered-by']).toBeUndefined();
  const post = await request.post('/auth/signin', { headers: { Origin: 'https://evil.example' }, form: { identifier: 'x', password: 'y' } });
  expect(post.status()).toBe(403);
});

test('visitors get public pages from the HTML cache; signed-in readers never do', async ({ page, request }) => {
  await request.get('/novidades');
  const cached = await request.get('/novidades');
  expect(cached.headers()['x-html-cache']).toBe('hit');
  await signIn(page, 'lia_leitora');
  const mine = await page.request.get('/novidades');
  expect(mine.headers()['x-html-cache']).toBeUndefined();
  expect(mine.headers()['cache-control']).toContain('private');
});

test('news: an admin publishes, visitors see it at once and in RSS', async ({ page, request }) => {
  await request.get('/novidades'); // fill the cache first
  await signIn(page, 'ana_admin');
  await page.goto('/gerenciar/novidades');
  await page.getByLabel('Título').fill('Tema escuro chegou');
  await page.getByLabel('Texto (Markdown)').fill('Agora com **tema escuro** e <script>alert(1)</script> sem HTML.');
  await page.getByRole('button', { name: 'Publicar' }).click();
  await expect(page.getByText('Novidade publicada.')).toBeVisible();
  const html = await (await request.get('/novidades')).text();
  expect(html).toContain('Tema escuro chegou');
  expect(html).toContain('<strong>tema escuro</strong>');
  expect(html).not.toContain('<script>alert(1)</script>');
  const rss = await request.get('/novidades/rss.xml');
  expect(rss.headers()['content-type']).toContain('application/rss+xml');
  expect(await rss.text()).toContain('Tema escuro chegou');
});
