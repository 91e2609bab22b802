import { expect, test } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { checkBothWidths, signIn } from './helpers';

/** A day a few days ahead, as a date input takes it (São Paulo's calendar is the test browser's). */
const inDays = (days: number) => new Date(Date.now() + days * 24 * 3600 * 1000).toISOString().slice(0, 10);

test('a club admin creates a free plan with a benefit and a live meeting; a reader takes the plan on /planos, sees the meeting on the club home and downloads the agenda', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const name = `Clube Planos ${Date.now().toString(36).slice(-5)}`;

  // Lia creates an open club: he runs it.
  const owner = await (await browser.newContext()).newPage();
  await signIn(owner, 'lia_leitora');
  await owner.goto('/criar');
  await owner.getByLabel('Nome do clube').fill(name);
  await owner.getByLabel('Aberto: qualquer leitor entra').check();
  await owner.getByRole('button', { name: 'Criar clube' }).click();
  await expect(owner).toHaveURL(/\/clube\/[a-z0-9-]+\/admin/);
  const slug = new URL(owner.url()).pathname.split('/')[2]!;
  const base = `/clube/${slug}`;

  // A benefit first, then a free plan that includes it.
  await owner.goto(`${base}/admin/beneficios`);
  await expect(owner.getByRole('heading', { level: 2, name: 'Benefícios' })).toBeVisible();
  const newBenefit = owner.getByRole('region', { name: 'Novo benefício' });
  await newBenefit.getByLabel('Título').fill('Encontro mensal');
  await newBenefit.getByLabel('Descrição').fill('Uma conversa por mês sobre o livro.');
  await newBenefit.getByLabel('Tipo').selectOption('live');
  await newBenefit.getByRole('button', { name: 'Criar benefício' }).click();
  await expect(owner.getByText('Benefício “Encontro mensal” salvo.')).toBeVisible();
  await checkBothWidths(owner, 'admin-beneficios');

  await owner.goto(`${base}/admin/planos`);
  const newPlan = owner.getByRole('region', { name: 'Novo plano' });
  await newPlan.getByLabel('Nome do plano').fill('Leitor');
  // A price that is not one is refused next to its field, keeping what was typed.
  await newPlan.getByLabel('Preço por mês (R$)').fill('nove reais');
  await newPlan.getByRole('button', { name: 'Criar plano' }).click();
  await expect(newPlan.getByText(/Escreva o preço em reais, como 9,90/)).toBeVisible();
  await expect(newPlan.getByLabel('Nome do plano')).toHaveValue('Leitor');
  await newPlan.getByLabel('Preço por mês (R$)').fill('');
  await newPlan.getByLabel('Encontro mensal').check();
  await newPlan.getByRole('button', { name: 'Criar plano' }).click();
  await expect(owner.getByText('Plano “Leitor” criado.')).toBeVisible();
  // The new-plan form is empty again, ready for the next one.
  await expect(newPlan.getByLabel('Nome do plano')).toHaveValue('');
  await expect(owner.getByRole('heading', { level: 3, name: 'Leitor' })).toBeVisible();
  await expect(owner.getByText('Grátis', { exact: true })).toBeVisible();
  await checkBothWidths(owner, 'admin-planos');

  // A live meeting three days ahead, at 20:00 Brasília.
  await owner.goto(`${base}/admin/atividades`);
  await owner.getByText('Encontro ao vivo', { exact: true }).click();
  const live = owner.locator('details', { hasText: 'Encontro ao vivo' }).first();
  await live.getByLabel('Título').fill('Papo de dezembro');
  await live.getByLabel('Dia').fill(inDays(3));
  await live.getByLabel('Horário (Brasília)').fill('20:00');
  await live.getByLabel('Link do encontro').fill('https://meet.exemplo.com/papo');
  await live.getByRole('button', { name: 'Marcar atividade' }).click();
  await expect(owner.getByText('Atividade marcada: ela aparece no clube e na agenda.')).toBeVisible();
  await expect(owner.getByRole('heading', { level: 3, name: 'Papo de dezembro' })).toBeVisible();
  await checkBothWidths(owner, 'admin-atividades');

  // Beto, not a member, finds the plan on /planos and joins the club taking it in one step.
  const reader = await (await browser.newContext({ acceptDownloads: true })).newPage();
  await signIn(reader, 'beto_leitor');
  await reader.goto(`${base}/planos`);
  const card = reader.getByRole('listitem').filter({ has: reader.getByRole('heading', { level: 2, name: 'Leitor' }) });
  await expect(card).toContainText('Grátis');
  await expect(card).toContainText('Encontro mensal');
  await checkBothWidths(reader, 'planos');
  await card.getByRole('button', { name: 'Entrar no clube e assinar' }).click();
  await expect(reader.getByText('Boas-vindas ao clube! O plano é seu.')).toBeVisible();
  await expect(card.getByText('Seu plano')).toBeVisible();
  await checkBothWidths(reader, 'planos-membro');

  // The meeting is on the club's home, and the agenda downloads with it (and its link: he is a member).
  await reader.goto(base);
  const next = reader.getByRole('region', { name: 'Próximas atividades' });
  await expect(next).toContainText('Papo de dezembro');
  await expect(next).toContainText('Este link é só seu');
  const downloading = reader.waitForEvent('download');
  await next.getByRole('link', { name: 'Agenda do clube (iCal)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${slug}.ics`);
  const ics = await readFile((await download.path())!, 'utf8');
  expect(ics).toMatch(/^BEGIN:VCALENDAR\r\n/);
  expect(ics).toContain('SUMMARY:Papo de dezembro\r\n');
  expect(ics).toContain('URL:https://meet.exemplo.com/papo\r\n');

  // A visitor's agenda has the meeting but not its link.
  const visitor = await (await browser.newContext()).newPage();
  const response = await visitor.request.get(`${base}/agenda.ics`);
  expect(response.status()).toBe(200);
  const publicIcs = await response.text();
  expect(publicIcs).toContain('SUMMARY:Papo de dezembro');
  expect(publicIcs).not.toContain('meet.exemplo.com');

  // Deleting asks first, and the confirmation works without JavaScript: the delete button stays folded until
  // "Excluir …" is opened. Beto holds "Leitor", so the plan can only be archived.
  const noScript = await (await browser.newContext({ javaScriptEnabled: false, storageState: await owner.context().storageState() })).newPage();
  await noScript.goto(`${base}/admin/atividades`);
  const confirmActivity = noScript.getByRole('button', { name: 'Sim, excluir Papo de dezembro' });
  await expect(confirmActivity).toBeHidden();
  await noScript.getByText('Excluir Papo de dezembro', { exact: true }).click();
  await expect(noScript.getByText('Tem certeza? A atividade sai da página do clube e da agenda')).toBeVisible();
  await confirmActivity.click();
  await expect(noScript.getByText('Atividade excluída.')).toBeVisible();
  await expect(noScript.getByRole('heading', { level: 3, name: 'Papo de dezembro' })).toHaveCount(0);

  await noScript.goto(`${base}/admin/beneficios`);
  await expect(noScript.getByRole('button', { name: 'Sim, excluir Encontro mensal' })).toBeHidden();
  await noScript.getByText('Excluir Encontro mensal', { exact: true }).click();
  await noScript.getByRole('button', { name: 'Sim, excluir Encontro mensal' }).click();
  await expect(noScript.getByText('Benefício excluído.')).toBeVisible();

  await noScript.goto(`${base}/admin/planos`);
  await expect(noScript.getByText('Com membros, o plano pode ser arquivado, não excluído.')).toBeVisible();
  await expect(noScript.getByText('Excluir Leitor', { exact: true })).toHaveCount(0);
});
