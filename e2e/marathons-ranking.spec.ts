import { expect, test } from '@playwright/test';
import { checkBothWidths, signIn } from './helpers';

// The demo's official marathon (scripts/seed.ts) is running: lia_leitora (Intermediário), beto_leitor (Principiante)
// and joana_moura (Hardcore) take part, with boards already moving; the teams' one ("Reino Perdido") opens soon.
// Other journeys share the database and may register more readers or score more points: counts are lower bounds.
const SUMMER = '/m/maratona-literaria-de-verao';

test('a participant finds her marathon on /home, her place on the ranking (by level too), the teams’ ranking and the participants’ atts on the feed', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'lia_leitora');
  await page.goto('/home');
  const card = page.getByRole('region', { name: 'Maratonas' });
  await expect(card.getByRole('link', { name: 'Maratona Literária de Verão' })).toHaveAttribute('href', `${SUMMER}/progresso`);
  await expect(card.getByRole('link', { name: /^\d+º de \d+ · \d+ pontos?$/ })).toBeVisible();
  await checkBothWidths(page, 'home-maratonas');

  await card.getByRole('link', { name: /º de \d+/ }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Individual' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Ranking individual' });
  expect(await table.getByRole('row').count()).toBeGreaterThanOrEqual(4);
  const mine = table.locator('tr[aria-current="true"]');
  await expect(mine).toContainText('Lia Leitora');
  await expect(page.getByText(/Você: \d+º · \d+ pontos?/)).toBeVisible();
  await checkBothWidths(page, 'maratona-ranking');

  // Her level only: her row is there; another level's ranking has no "Você".
  await page.getByRole('navigation', { name: 'Filtrar por nível' }).getByRole('link', { name: 'Intermediário' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Individual · Intermediário' })).toBeVisible();
  expect(await page.getByRole('table', { name: 'Ranking do nível Intermediário' }).getByRole('row').count()).toBeGreaterThanOrEqual(2);
  await expect(page.getByText(/Você: \d+º · \d+ pontos?/)).toBeVisible();
  await page.getByRole('navigation', { name: 'Filtrar por nível' }).getByRole('link', { name: 'Hardcore' }).click();
  await expect(page.getByRole('table', { name: 'Ranking do nível Hardcore' })).toContainText('Joana Moura');
  await expect(page.getByText(/Você:/)).toHaveCount(0);

  await page.goto('/m/reino-perdido-norte-contra-sul/ranking');
  await expect(page.getByRole('table', { name: 'Ranking das equipes' }).getByRole('row')).toHaveCount(3);
  await checkBothWidths(page, 'maratona-ranking-equipes');

  await page.goto(`${SUMMER}/feed`);
  const feed = page.getByRole('list', { name: 'Atts de quem participa da Maratona Literária de Verão' });
  await expect(feed.getByText('Joana Moura').first()).toBeVisible();
  await checkBothWidths(page, 'maratona-feed');

  // A visitor sees the same ranking, without a row of their own, and the feed.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`${SUMMER}/ranking`);
  expect(await visitor.getByRole('table', { name: 'Ranking individual' }).getByRole('row').count()).toBeGreaterThanOrEqual(4);
  await expect(visitor.getByText(/Você:/)).toHaveCount(0);
  await visitor.goto(`${SUMMER}/feed`);
  await expect(visitor.getByRole('heading', { level: 1, name: 'Maratona Literária de Verão' })).toBeVisible();
  await checkBothWidths(visitor, 'maratona-feed-visitante');
});
