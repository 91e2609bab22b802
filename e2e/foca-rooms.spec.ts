import { expect, test } from '@playwright/test';
import { checkBothWidths, signUp, startReadingFromCatalog, uniqueName } from './helpers';

/** The countdown's "m:ss" as seconds. */
const seconds = (text: string | null) => {
  const [m, s] = (text ?? '').split(':').map(Number);
  return (m ?? 0) * 60 + (s ?? 0);
};

test('two new readers in one private room see each other arrive live, and the host’s sprint runs on the same countdown for both', async ({ browser }) => {
  test.setTimeout(180_000);
  const hostContext = await browser.newContext();
  const guestContext = await browser.newContext();
  const host = await hostContext.newPage();
  const guest = await guestContext.newPage();
  const hostName = uniqueName('sala');
  const guestName = uniqueName('sala');
  await signUp(host, hostName, 'vidas-secas-1938');
  await signUp(guest, guestName, 'vidas-secas-1938');
  await startReadingFromCatalog(host, 'o cortiço', /cortiço/i);

  // The host creates a private room from the list (the demo's public room is there).
  await host.goto('/foca');
  await host.getByRole('link', { name: 'Salas de foco' }).click();
  await expect(host.getByRole('heading', { level: 1, name: 'Salas de foco' })).toBeVisible();
  await expect(host.getByRole('link', { name: 'Sprint das 20h' })).toBeVisible();
  await checkBothWidths(host, 'foca-salas');
  await host.getByLabel('Nome da sala').fill('Cortiço às nove');
  await host.getByRole('radio', { name: /Privada/ }).check();
  await host.getByRole('button', { name: 'Criar sala' }).click();
  await expect(host.getByRole('heading', { level: 1, name: 'Cortiço às nove' })).toBeVisible();
  const code = (await host.locator('strong.font-mono').textContent()) ?? '';
  expect(code).toMatch(/^[2-9A-Z]{8}$/);

  // The guest joins with the code, as an invitation's link fills it in.
  await guest.goto(`/foca/salas?codigo=${code}`);
  await expect(guest.getByLabel('Código da sala')).toHaveValue(code);
  await guest.getByRole('button', { name: 'Entrar na sala' }).click();
  await expect(guest.getByRole('heading', { level: 1, name: 'Cortiço às nove' })).toBeVisible();

  // Presence, live: each sees the other in the room now, without reloading.
  const card = (page: typeof host, username: string) => page.getByRole('listitem').filter({ has: page.locator(`a[href="/u/${username}"]`) });
  await expect(card(host, guestName)).toContainText('Na sala agora');
  await expect(card(guest, hostName)).toContainText('Na sala agora');
  await expect(card(guest, guestName)).toContainText('sem livro');

  // The host brings the book they are reading; the guest sees it arrive, carried by the event itself: their page
  // does not load the room again (decision 0087).
  const guestReloads: string[] = [];
  guest.on('request', (request) => {
    if (request.url().includes('.data')) guestReloads.push(request.url());
  });
  await host.getByLabel('Livro', { exact: true }).selectOption({ index: 1 });
  await host.getByRole('button', { name: 'Salvar livro' }).click();
  await expect(card(guest, hostName)).toContainText(/cortiço/i);
  expect(guestReloads).toEqual([]);

  // The host starts a 5-minute sprint: their session and the guest's countdown show the same time.
  await host.getByLabel('Duração (minutos)').fill('5');
  await host.getByRole('button', { name: 'Começar sprint' }).click();
  await expect(host.getByRole('heading', { name: 'Sessão em andamento' })).toBeVisible();
  await expect(guest.getByRole('heading', { name: 'Sprint em andamento' })).toBeVisible();
  const [hostLeft, guestLeft] = await Promise.all([host.getByRole('timer').textContent(), guest.getByRole('timer').textContent()]);
  expect(seconds(hostLeft)).toBeGreaterThan(240);
  expect(Math.abs(seconds(hostLeft) - seconds(guestLeft))).toBeLessThanOrEqual(2);
  await expect(guest.getByRole('heading', { name: 'Nesta sprint' })).toBeVisible();
  await checkBothWidths(guest, 'foca-sala');

  // The guest leaves; the host sees it.
  await guest.getByText('Sair da sala', { exact: true }).click();
  await guest.getByRole('button', { name: 'Sim, sair' }).click();
  await expect(guest).toHaveURL(/\/foca\/salas$/);
  await expect(card(host, guestName)).toHaveCount(0);
  await checkBothWidths(host, 'foca-sala-anfitriao');
  await hostContext.close();
  await guestContext.close();
});
