import { expect, test } from '@playwright/test';
import { checkBothWidths, signIn } from './helpers';

const THREAT = 'Se você não me responder hoje, vai se arrepender.';

test('lia reports a whisper of beto, ana_admin reads it with its context and removes it, both threads show “mensagem removida”', async ({ browser }) => {
  test.setTimeout(180_000);
  const [liaContext, betoContext, anaContext] = [await browser.newContext(), await browser.newContext(), await browser.newContext()];
  const [lia, beto, ana] = [await liaContext.newPage(), await betoContext.newPage(), await anaContext.newPage()];
  await signIn(lia, 'lia_leitora');
  await signIn(beto, 'beto_leitor');
  await signIn(ana, 'ana_admin');

  // Beto writes in the conversation the demo gave them.
  await beto.goto('/sussurros');
  await beto.getByRole('link', { name: /Lia/ }).first().click();
  await expect(beto).toHaveURL(/\/sussurros\/[\w-]+$/);
  const thread = new URL(beto.url()).pathname;
  await beto.getByLabel('Sua mensagem').fill(THREAT);
  await beto.getByRole('button', { name: 'Enviar' }).click();
  await expect(beto.getByLabel('Sua mensagem')).toHaveValue('');
  // Beto's own messages have no "Denunciar".
  await expect(beto.getByRole('link', { name: 'Denunciar esta mensagem' })).toHaveCount(2);

  // Lia sees it and reports it: the link opens the message with the form.
  await lia.goto(thread);
  const message = lia.getByRole('listitem').filter({ hasText: THREAT });
  await expect(message).toBeVisible();
  await checkBothWidths(lia, 'sussurro-denunciar-conversa');
  await message.getByRole('link', { name: 'Denunciar esta mensagem' }).click();
  await expect(lia.getByRole('heading', { level: 1, name: 'Denunciar' })).toBeVisible();
  await expect(lia.getByText(THREAT)).toBeVisible();
  await expect(lia.getByText(/A moderação vai ler esta mensagem e as que estão perto dela/)).toBeVisible();
  await lia.getByLabel('Violência ou ameaça').check();
  await lia.getByLabel('Conte mais (opcional)').fill('Ele está me ameaçando.');
  await checkBothWidths(lia, 'sussurro-denunciar');
  await lia.getByRole('button', { name: 'Enviar denúncia' }).click();
  await expect(lia.getByText(/Denúncia enviada\. A moderação vai analisar\..*“Bloquear” na conversa\./)).toBeVisible();
  // A second time says it was already reported.
  await lia.reload();
  await expect(lia.getByText('Você já denunciou esta mensagem. A moderação vai analisar.')).toBeVisible();
  await expect(lia.getByRole('button', { name: 'Enviar denúncia' })).toHaveCount(0);

  // ana_admin: the queue names no text; the context page shows it, the messages around it, both readers, and her look.
  await ana.goto('/gerenciar/denuncias');
  await expect(ana.getByRole('heading', { name: /Sussurro de/ })).toBeVisible();
  await expect(ana.getByText(THREAT)).toHaveCount(0);
  await checkBothWidths(ana, 'denuncias-sussurro');
  await ana.getByRole('link', { name: 'Mensagem privada: abrir com o contexto' }).click();
  await expect(ana.getByRole('heading', { level: 1, name: 'Sussurro denunciado' })).toBeVisible();
  await expect(ana.getByText(/Conversa entre @beto_leitor e @lia_leitora/)).toBeVisible();
  const reported = ana.locator('li[aria-current="true"]');
  await expect(reported).toContainText(THREAT);
  await expect(ana.getByText('Faz sentido. Qual eu leio agora?')).toBeVisible();
  await expect(ana.getByText(/^Vista por @ana_admin em /)).toHaveCount(1);
  await checkBothWidths(ana, 'denuncia-sussurro-contexto');
  // Staff never open the conversation itself; each opening of the context is another look in the log.
  const context = ana.url();
  expect((await ana.goto(thread))?.status()).toBe(404);
  await ana.goto(context);
  await expect(ana.getByText(/^Vista por @ana_admin em /)).toHaveCount(2);
  await ana.getByRole('button', { name: 'Remover mensagem' }).click();
  await expect(ana.getByText('Conteúdo ocultado. As denúncias dele foram resolvidas.')).toBeVisible();
  await expect(ana.getByRole('button', { name: 'Reexibir mensagem' })).toBeVisible();

  // Both threads show the mark where the message was; its text is gone from the pages.
  await lia.goto(thread);
  await expect(lia.getByText('mensagem removida')).toBeVisible();
  await expect(lia.getByText(THREAT)).toHaveCount(0);
  await checkBothWidths(lia, 'sussurro-mensagem-removida');
  await expect(beto.getByText('mensagem removida')).toBeVisible();
  await expect(beto.getByText(THREAT)).toHaveCount(0);
  await lia.goto('/sussurros');
  await expect(lia.getByRole('link', { name: /Beto/ }).getByText('mensagem removida')).toBeVisible();
  await checkBothWidths(lia, 'sussurros-mensagem-removida');
  await Promise.all([liaContext.close(), betoContext.close(), anaContext.close()]);
});
