import { expect, test } from '@playwright/test';
import { signIn, signUp, uniqueName } from './helpers';

test('built server on PostgreSQL: pages answer, a reader signs up, signs in and edits the profile', async ({ page }) => {
  for (const path of ['/', '/novidades', '/politica', '/termos', '/~offline', '/auth/signin']) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
  }
  const username = uniqueName('pg');
  await signUp(page, username, 'iracema-1865-alencar', '1993-09-09');
  await page.goto('/configuracoes/conta');
  await page.getByLabel('Nome de exibição').fill('Leitora do Postgres');
  await page.getByRole('button', { name: 'Salvar perfil' }).click();
  await expect(page.getByText('Perfil salvo.')).toBeVisible();
  await page.context().clearCookies();
  await signIn(page, 'ana_admin');
  await page.goto('/gerenciar/emails');
  await expect(page.getByText(`Para ${username}@exemplo.com.br`)).toBeVisible();
});

// entry.server.tsx renders a page in one renderToString, handing React Router's hydration component its data
// already read (renderMeta.streamCache, docs/decisions/0042). The day an upgrade changes how that component
// reads it, it suspends: the page comes out with a client-rendered Suspense boundary and without its data.
test('built server: pages carry their hydration data whole, with no suspended boundary', async ({ request }) => {
  for (const path of ['/', '/auth/signin', '/u/lia_leitora']) {
    const html = await (await request.get(path)).text();
    expect(html, path).toContain('window.__reactRouterContext.streamController.enqueue(');
    expect(html, path).toContain('window.__reactRouterContext.streamController.close();');
    expect(html, path).not.toMatch(/<!--\$[!?]-->|<template id="B:/);
  }
});
