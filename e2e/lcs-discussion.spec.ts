import { expect, test } from '@playwright/test';
import { checkBothWidths, signIn, signUp, uniqueName } from './helpers';

const day = (offset: number) => new Date(Date.now() - 3 * 3600_000 + offset * 86_400_000).toISOString().slice(0, 10);
const SPOILER = 'A Macabéa morre no fim, atropelada.';

test('comments on etapa 2 stay hidden from a reader who joined until their progress passes it, on the page and its .data URL', async ({ page, browser }) => {
  test.setTimeout(240_000);
  const title = `LC sem spoiler ${Date.now().toString(36).slice(-5)}`;

  // The host creates an LC of one book in two etapas (pp. 1–40, 41–87).
  await signIn(page, 'lia_leitora');
  await page.goto('/criar/lc');
  await page.getByRole('combobox', { name: 'Livro da LC' }).fill('hora da estrela');
  await page
    .getByRole('option', { name: /A hora da estrela/ })
    .first()
    .click();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.getByLabel('Início').fill(day(0));
  await page.getByLabel('Fim').fill(day(13));
  await page.getByLabel('Número de etapas').fill('2');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.getByRole('group', { name: 'Etapa 1' }).getByLabel('Até').fill('40');
  await page.getByRole('group', { name: 'Etapa 2' }).getByLabel('De').fill('41');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.getByLabel('Título').fill(title);
  await page.getByRole('button', { name: 'Criar LC' }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const slug = new URL(page.url()).pathname.split('/')[2]!;

  // The host reads every thread and writes the spoiler on etapa 2.
  await page.getByRole('link', { name: 'Discussão' }).click();
  await page.getByRole('link', { name: /Etapa 2: pp\. 41–87/ }).click();
  await page.getByLabel('Seu comentário').fill(SPOILER);
  await page.getByRole('button', { name: 'Comentar' }).click();
  await expect(page.getByText('Comentário publicado.')).toBeVisible();
  await expect(page.getByText(SPOILER)).toBeVisible();
  await page.mouse.move(0, 0);
  await checkBothWidths(page, 'lc-discussao-etapa');

  // A new reader joins: etapa 2's thread is closed to them, everywhere.
  const readerContext = await browser.newContext();
  const reader = await readerContext.newPage();
  await signUp(reader, uniqueName('leitora'), 'uma-senha-boa-2026');
  await reader.goto(`/lc/${slug}`);
  await reader.getByRole('button', { name: 'Participar' }).click();
  await expect(reader.getByText(/Boas-vindas à LC!/)).toBeVisible();
  await reader.getByRole('link', { name: 'Discussão' }).click();
  await expect(reader.getByRole('heading', { level: 2, name: 'Discussão' })).toBeVisible();
  await expect(reader.getByText('1 comentário')).toBeVisible();
  await expect(reader.getByRole('button', { name: 'Mostrar mesmo assim a conversa da etapa 2' })).toBeVisible();
  await expect(reader.getByText(SPOILER)).toHaveCount(0);
  await checkBothWidths(reader, 'lc-discussao');
  await reader.goto(`/lc/${slug}/discussao?etapa=2`);
  await expect(reader.getByText(/a conversa abre quando o seu progresso passar do fim desta etapa/)).toBeVisible();
  await expect(reader.getByText(SPOILER)).toHaveCount(0);
  const data = await reader.request.get(`/lc/${slug}/discussao.data?etapa=2`);
  expect(data.status()).toBe(200);
  expect(await data.text()).not.toContain('Macabéa');

  // Progress to page 40 passes etapa 1 only; page 87 passes etapa 2, and the thread opens.
  await reader.getByRole('link', { name: 'Meu progresso' }).click();
  await expect(reader.getByRole('heading', { level: 2, name: 'Meu progresso' })).toBeVisible();
  await checkBothWidths(reader, 'lc-progresso');
  await reader.getByLabel('Onde você está').fill('400');
  await reader.getByRole('button', { name: 'Registrar progresso' }).click();
  await expect(reader.getByText('Este livro tem 87 páginas.')).toBeVisible();
  await expect(reader.getByLabel('Onde você está')).toHaveValue('400');
  await reader.getByLabel('Onde você está').fill('40');
  await reader.getByRole('button', { name: 'Registrar progresso' }).click();
  await expect(reader.getByText('Progresso registrado.')).toBeVisible();
  await expect(reader.getByText('1 de 2 etapas')).toBeVisible();
  await reader.goto(`/lc/${slug}/discussao?etapa=2`);
  await expect(reader.getByText(SPOILER)).toHaveCount(0);
  // /home names no one who wrote where the reader has not reached.
  await reader.goto('/home');
  await expect(reader.getByRole('region', { name: 'Minhas LCs' }).getByRole('link', { name: title })).toBeVisible();
  await expect(reader.getByText('Lia Leitora comentou')).toHaveCount(0);

  await reader.goto(`/lc/${slug}/progresso`);
  await reader.getByLabel('Onde você está').fill('87');
  await reader.getByRole('button', { name: 'Registrar progresso' }).click();
  await expect(reader.getByText('Progresso registrado.')).toBeVisible();
  await expect(reader.getByText('2 de 2 etapas')).toBeVisible();
  await reader.goto(`/lc/${slug}/discussao?etapa=2`);
  await expect(reader.getByText(SPOILER)).toBeVisible();
  expect(await (await reader.request.get(`/lc/${slug}/discussao.data?etapa=2`)).text()).toContain('Macabéa');
  // Now /home says who commented, and the comment can be reported.
  await reader.goto('/home');
  await expect(reader.getByRole('region', { name: 'Minhas LCs' }).getByRole('link', { name: 'Lia Leitora comentou' })).toBeVisible();
  await checkBothWidths(reader, 'home-lcs-comentaram');
  await reader.goto(`/lc/${slug}/discussao?etapa=2`);
  await reader.getByRole('link', { name: 'Denunciar comentário de Lia Leitora' }).click();
  await expect(reader.getByRole('heading', { level: 1, name: 'Denunciar' })).toBeVisible();
  await expect(reader.getByText(SPOILER)).toBeVisible();
  await checkBothWidths(reader, 'lc-denunciar-comentario');
  await reader.goto(`/lc/${slug}/discussao?etapa=2`);

  // "Responder" opens the one reply form in place (no page load: the address stays), and the reply lands under the comment.
  await expect(reader.getByLabel('Sua resposta')).toHaveCount(0);
  const threadAddress = reader.url();
  await reader.getByRole('link', { name: /^Responder a / }).click();
  await expect(reader.getByLabel('Sua resposta')).toBeFocused();
  expect(reader.url()).toBe(threadAddress);
  await checkBothWidths(reader, 'lc-discussao-responder');
  await reader.getByLabel('Sua resposta').fill('Eu também chorei.');
  await reader.getByRole('button', { name: 'Responder', exact: true }).click();
  await expect(reader.getByText('Resposta publicada.')).toBeVisible();
  await expect(reader.getByRole('list', { name: /^Respostas a / }).getByText('Eu também chorei.')).toBeVisible();
  await expect(reader.getByLabel('Sua resposta')).toHaveCount(0);

  // The participants' tab: both along the schedule.
  await reader.getByRole('link', { name: 'Participantes' }).click();
  await expect(reader.getByText('2 de 2 etapas')).toBeVisible();
  await checkBothWidths(reader, 'lc-participantes');
  await readerContext.close();
});
