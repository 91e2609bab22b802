import { sql } from 'drizzle-orm';
import type { ComponentType } from 'react';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test/db';
import { createEdition, createUser, formRequest, getRequest, type TestUser } from '../../test/factories';
import { renderPage } from '../../test/render';
import * as requestForm from './catalogo.solicitar';
import * as myRequests from './catalogo.minhas-solicitacoes';
import * as history from './gerenciar.catalogo.historicos';
import * as queue from './gerenciar.catalogo.solicitacoes';
import * as review from './gerenciar.catalogo.solicitacoes.$codigo';
import { getDb } from '~/db/client.server';
import { getEdition } from '~/features/catalog/queries.server';
import { call, routeArgs, type Handler } from '../../test/routes';

useTestDatabase();

const load = requestForm.loader as unknown as Handler;
const act = requestForm.action as unknown as Handler;
const reviewAct = review.action as unknown as Handler;

/** What the form posts for an edition: every field as shown, plus the reader's edits. */
async function formFor(path: string, cookie: string, edits: Record<string, string>) {
  const { target } = (await load(routeArgs(getRequest(path, cookie)))) as { target: { values: Record<string, string | null> } };
  const fields: Record<string, string> = {};
  for (const [k, v] of Object.entries(target.values)) Object.assign(fields, { [k]: v ?? '', [`visto.${k}`]: v ?? '' });
  return { ...fields, ...edits };
}

const statusOf = (result: unknown) => (result as { init?: { status?: number } }).init?.status;
const dataOf = (result: unknown) => (result as { data: { formError?: string; fieldErrors: Record<string, string>; fields: Record<string, string> } }).data;

describe('the request form and the review page', () => {
  it('keep what the reader typed next to a field error, and answer 429 with a Portuguese message over 50 a day', async () => {
    const reader = await createUser();
    const editionId = await createEdition({ title: 'Vidas Secas', authors: ['Graciliano Ramos'], pages: 176 });
    const path = `/catalogo/solicitar?edicao=${editionId}`;

    const bad = await act(
      routeArgs(formRequest(path, await formFor(path, reader.cookie, { pages: 'cento e oitenta', note: 'Vi na capa' }), { cookie: reader.cookie })),
    );
    expect(statusOf(bad)).toBe(400);
    expect(dataOf(bad).fieldErrors.pages).toBe('Informe um número de páginas entre 1 e 20.000.');
    expect([dataOf(bad).fields.pages, dataOf(bad).fields.note]).toEqual(['cento e oitenta', 'Vi na capa']);

    await getDb().execute(sql`INSERT INTO rate_limit_counters (key, window_start, count) VALUES (${`change-requests:${reader.id.toLowerCase()}`}, now(), 50)`);
    const limited = await act(routeArgs(formRequest(path, await formFor(path, reader.cookie, { pages: '180' }), { cookie: reader.cookie })));
    expect(statusOf(limited)).toBe(429);
    const retryAfter = Number((limited as { init?: { headers?: Record<string, string> } }).init?.headers?.['Retry-After']);
    expect(retryAfter).toBeGreaterThan(86_000);
    expect(retryAfter).toBeLessThanOrEqual(86_400);
    expect(dataOf(limited).formError).toMatch(
      /^Você chegou ao limite de 50 solicitações por dia\. Poderá enviar outra a partir de \d+ de [a-z]+\.? de \d{4}, \d{2}:\d{2} \(daqui a 24 horas\)\.$/,
    );
    expect(dataOf(limited).fields.pages).toBe('180');
  });

  it('sends a correction, then a curator edits it before approving and must give a reason to reject', async () => {
    const reader = await createUser();
    const curator = await createUser({ role: 'curator' });
    const editionId = await createEdition({ title: 'Vidas Secas', authors: ['Graciliano Ramos'], pages: 176 });
    const path = `/catalogo/solicitar?edicao=${editionId}`;
    const sent = (await act(routeArgs(formRequest(path, await formFor(path, reader.cookie, { pages: '180' }), { cookie: reader.cookie })))) as Response;
    expect(sent.status).toBe(302);
    const code = new URL(sent.headers.get('location') ?? '', 'http://x').searchParams.get('enviada') ?? '';
    const reviewPath = `/gerenciar/catalogo/solicitacoes/${code}`;

    const noReason = await reviewAct(routeArgs(formRequest(reviewPath, { intent: 'rejeitar', reason: '' }, { cookie: curator.cookie }), { codigo: code }));
    expect(dataOf(noReason).fieldErrors.reason).toBe('Diga ao leitor por que a solicitação foi rejeitada.');
    const badEdit = await reviewAct(
      routeArgs(formRequest(reviewPath, { intent: 'editar-e-aprovar', pages: '0' }, { cookie: curator.cookie }), { codigo: code }),
    );
    expect(dataOf(badEdit).fieldErrors.pages).toBe('Informe um número de páginas entre 1 e 20.000.');
    expect((await getEdition(editionId))?.pages).toBe(176);

    const approved = (await reviewAct(
      routeArgs(formRequest(reviewPath, { intent: 'editar-e-aprovar', pages: '184', answer: 'Eram 184.' }, { cookie: curator.cookie }), { codigo: code }),
    )) as Response;
    expect(approved.status).toBe(302);
    expect((await getEdition(editionId))?.pages).toBe(184);

    // Whoever asked and whoever decided are links to their profiles wherever the request is shown.
    const linkTo = (user: TestUser) => new RegExp(`<a[^>]*href="/u/${user.username}"[^>]*>@${user.username}</a>`);
    const page = async <Props>(route: { loader: unknown; default: ComponentType<Props> }, path: string, cookie: string, params: Record<string, string> = {}) =>
      renderPage(route.default, await call(route.loader, getRequest(path, cookie), params), path);
    const queuePath = '/gerenciar/catalogo/solicitacoes?situacao=aprovada';
    expect(await page(queue, queuePath, curator.cookie)).toMatch(linkTo(reader));
    const reviewed = await page(review, reviewPath, curator.cookie, { codigo: code });
    expect(reviewed).toMatch(new RegExp(`Enviada por ${linkTo(reader).source}`));
    expect(reviewed).toMatch(new RegExp(`decidida por ${linkTo(curator).source}`));
    expect(await page(myRequests, '/catalogo/minhas-solicitacoes', reader.cookie)).toMatch(linkTo(curator));
    expect(await page(history, '/gerenciar/catalogo/historicos', curator.cookie)).toMatch(linkTo(curator));
  });

  it('shows why a proposed value cannot be applied when the curator approves it as proposed', async () => {
    const reader = await createUser();
    const curator = await createUser({ role: 'curator' });
    const editionId = await createEdition({ title: 'Vidas Secas', authors: ['Graciliano Ramos'], pages: 176 });
    const other = await createEdition({ title: 'Angústia', authors: ['Graciliano Ramos'] });
    const path = `/catalogo/solicitar?edicao=${other}`;
    const sent = (await act(
      routeArgs(formRequest(path, await formFor(path, reader.cookie, { isbn: '9788501008237' }), { cookie: reader.cookie })),
    )) as Response;
    const code = new URL(sent.headers.get('location') ?? '', 'http://x').searchParams.get('enviada') ?? '';
    // Another edition took that ISBN while the request waited.
    await getDb().execute(sql`UPDATE editions SET isbn13 = '9788501008237' WHERE id = ${editionId}`);
    const reviewPath = `/gerenciar/catalogo/solicitacoes/${code}`;
    const refused = await reviewAct(
      routeArgs(formRequest(reviewPath, { intent: 'aprovar', answer: 'Obrigado!' }, { cookie: curator.cookie }), { codigo: code }),
    );
    expect(statusOf(refused)).toBe(400);
    expect(dataOf(refused).fieldErrors).toEqual({ isbn: 'Outra edição do catálogo já tem esse ISBN.' });
    expect(dataOf(refused).fields.answer).toBe('Obrigado!');

    // A stored value today's rules refuse is caught before anything is written.
    await getDb().execute(sql`UPDATE change_requests SET changes = '[{"field":"pages","before":null,"after":"0"}]'::jsonb WHERE code = ${code}`);
    const invalid = await reviewAct(routeArgs(formRequest(reviewPath, { intent: 'aprovar' }, { cookie: curator.cookie }), { codigo: code }));
    expect(dataOf(invalid).fieldErrors.pages).toBe('Informe um número de páginas entre 1 e 20.000.');
    expect((await getEdition(other))?.pages).toBeNull();
  });
});
