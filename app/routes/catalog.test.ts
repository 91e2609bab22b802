import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test/db';
import { createEdition, createUser, getRequest, testViewer } from '../../test/factories';
import { marathonInput, noticeReader } from '../../test/marathon-fixtures';
import { suspend } from '../../test/reading-factories';
import { marathons } from '~/db/schema';
import { createMarathon } from '~/features/marathons/mutations.server';
import { todayIn } from '~/lib/calendar';
import { createClub } from '~/features/clubs/mutations.server';
import { getDb, queryRows } from '~/db/client.server';
import { resetEnvForTests } from '~/server/env.server';
import * as amznto from './amznto.$asin';
import * as sugestoes from './api/catalogo.sugestoes';
import * as autor from './autor.$identificador';
import * as catalogo from './catalogo';
import * as colecao from './colecao';
import * as colecaoId from './colecao.$id';
import * as ed from './ed';
import * as edicao from './ed.$id';
import * as edicaoTab from './ed.$id.$tab';
import { routeArgs } from '../../test/routes';
import { newId } from '~/lib/ids';

useTestDatabase();

type Loader = (args: { request: Request; params: Record<string, string>; context: unknown }) => unknown;
const run = (module: { loader: unknown }, path: string, params: Record<string, string> = {}, cookie?: string) =>
  (module.loader as Loader)(routeArgs(getRequest(path, cookie), params));

/** A loader's outcome: its data (unwrapped from data()), or the status and location it threw. */
async function outcome(fn: () => unknown): Promise<{ status: number; location?: string | null; body?: unknown; headers?: Headers }> {
  try {
    const result = await fn();
    if (result instanceof Response) return { status: result.status, location: result.headers.get('location'), headers: result.headers };
    if (result && typeof result === 'object' && 'type' in result && (result as { type: string }).type === 'DataWithResponseInit') {
      const wrapped = result as unknown as { data: unknown; init: { headers?: HeadersInit } };
      return { status: 200, body: wrapped.data, headers: new Headers(wrapped.init.headers) };
    }
    return { status: 200, body: result };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get('location') };
    const status = (thrown as { init?: { status?: number } }).init?.status;
    if (status) return { status };
    throw thrown;
  }
}

const dom = { title: 'DOM CASMURRO', authors: ['Machado de Assis'], isbn: '978-85-8285-035-0', publisher: 'Penguin', genres: ['romance', 'classicos'] };

afterEach(() => {
  delete process.env.AMAZON_AFFILIATE_TAG;
  resetEnvForTests();
});

describe('catalogue routes', () => {
  it('/catalogo browses by genre without a query and searches with one', async () => {
    await createEdition(dom);
    const browse = await outcome(() => run(catalogo, '/catalogo'));
    expect(browse.body).toMatchObject({ results: null, browse: { genreCounts: { romance: 1, classicos: 1 } } });
    const search = await outcome(() => run(catalogo, '/catalogo?q=dom+casmuro'));
    expect(search.body).toMatchObject({ browse: null, results: { total: 1, items: [{ title: 'Dom Casmurro' }] } });
    const empty = await outcome(() => run(ed, '/ed?q=nada+parecido'));
    expect(empty.body).toMatchObject({ results: { total: 0 }, closest: [] });
  });

  it('/ed/{id} shows the edition with its cache tag; unknown and malformed ids are 404, merged ids 308', async () => {
    const id = await createEdition(dom);
    const page = await outcome(() => run(edicao, `/ed/${id}`, { id }));
    expect(page.body).toMatchObject({ edition: { id, title: 'Dom Casmurro', isbn10: '8582850352' } });
    expect(page.headers?.get('X-Cache-Tags')).toBe(`catalog,edition:${id}`);
    expect((await outcome(() => run(edicao, '/ed/nao-existe', { id: 'nao-existe' }))).status).toBe(404);
    expect((await outcome(() => run(edicao, '/ed/%27;--', { id: "';--" }))).status).toBe(404);
    await getDb().execute(sql`INSERT INTO catalog_redirects (kind, from_id, to_id) VALUES ('edition', 'antigo', ${id})`);
    expect(await outcome(() => run(edicao, '/ed/antigo', { id: 'antigo' }))).toMatchObject({ status: 308, location: `/ed/${id}` });
    expect(await outcome(() => run(edicaoTab, '/ed/antigo/edicoes', { id: 'antigo', tab: 'edicoes' }))).toMatchObject({
      status: 308,
      location: `/ed/${id}/edicoes`,
    });
  });

  it('/ed/{id}/{tab}: edicoes lists the work’s editions, sobre redirects, anything else is 404', async () => {
    const id = await createEdition(dom);
    await createEdition({ ...dom, isbn: null, publisher: 'Principis', title: 'Dom Casmurro' });
    const tab = await outcome(() => run(edicaoTab, `/ed/${id}/edicoes`, { id, tab: 'edicoes' }));
    expect((tab.body as { editions: { publisher: string }[] }).editions.map((e) => e.publisher).sort()).toEqual(['Penguin', 'Principis']);
    expect(await outcome(() => run(edicaoTab, `/ed/${id}/sobre`, { id, tab: 'sobre' }))).toMatchObject({ status: 308, location: `/ed/${id}` });
    expect((await outcome(() => run(edicaoTab, `/ed/${id}/resenhas-falsas`, { id, tab: 'resenhas-falsas' }))).status).toBe(404);
  });

  it('/autor/{identificador} lists works; renamed slugs redirect; unknown ones are 404', async () => {
    await createEdition(dom);
    const page = await outcome(() => run(autor, '/autor/machado-de-assis', { identificador: 'machado-de-assis' }));
    expect(page.body).toMatchObject({ author: { name: 'Machado de Assis', works: [{ title: 'Dom Casmurro' }] } });
    await getDb().execute(sql`INSERT INTO catalog_redirects (kind, from_id, to_id) VALUES ('author_slug', 'machado', 'machado-de-assis')`);
    expect(await outcome(() => run(autor, '/autor/machado', { identificador: 'machado' }))).toMatchObject({ status: 308, location: '/autor/machado-de-assis' });
    expect((await outcome(() => run(autor, '/autor/ninguem', { identificador: 'ninguem' }))).status).toBe(404);
    expect((await outcome(() => run(autor, '/autor/Machado', { identificador: 'Machado' }))).status).toBe(404);
  });

  it('/colecao and /colecao/{id} list collections and their ordered members', async () => {
    await createEdition({ title: 'Volume 2', authors: ['Eiichiro Oda'], collection: { name: 'One Piece', position: 2 } });
    await createEdition({ title: 'Volume 1', authors: ['Eiichiro Oda'], collection: { name: 'One Piece', position: 1 } });
    const list = await outcome(() => run(colecao, '/colecao?q=one+pice'));
    const [collection] = (list.body as { items: { id: string; name: string; membersCount: number }[] }).items;
    expect(collection).toMatchObject({ name: 'One Piece', membersCount: 2 });
    const page = await outcome(() => run(colecaoId, `/colecao/${collection!.id}`, { id: collection!.id }));
    expect((page.body as { collection: { members: { title: string }[] } }).collection.members.map((m) => m.title)).toEqual(['Volume 1', 'Volume 2']);
    expect((await outcome(() => run(colecaoId, '/colecao/x', { id: 'x' }))).status).toBe(404);
  });

  it('/api/catalogo/sugestoes answers the typeahead', async () => {
    await createEdition(dom);
    const response = (await run(sugestoes, '/api/catalogo/sugestoes?q=dom+cas')) as Response;
    expect(await response.json()).toEqual({
      suggestions: [expect.objectContaining({ title: 'Dom Casmurro', detail: expect.stringMatching(/^Machado de Assis/) })],
    });
    // Clubs follow the books, linked to their page; a private club is never suggested.
    const owner = { ...testViewer(await createUser()), emailVerified: true };
    await createClub(owner, { name: 'Clube do Dom Casmurro', description: '', visibility: 'aberto', categories: [] });
    await createClub(owner, { name: 'Dom Casmurro Secreto', description: '', visibility: 'privado', categories: [] });
    const both = (await ((await run(sugestoes, '/api/catalogo/sugestoes?q=dom+cas')) as Response).json()) as { suggestions: { title: string; href: string }[] };
    expect(both.suggestions.map((s) => [s.title, s.href])).toEqual([
      ['Dom Casmurro', expect.stringMatching(/^\/ed\//)],
      ['Clube do Dom Casmurro', '/clube/clube-do-dom-casmurro'],
    ]);
    // Then public marathons, running ones first; a private one, or a suspended organiser's, is never suggested.
    const organizer = await noticeReader();
    const suspended = await noticeReader();
    await createMarathon(organizer.viewer, marathonInput({ name: 'Maratona Dom Casmurro' }));
    const running = await createMarathon(organizer.viewer, marathonInput({ name: 'Dom Casmurro em Dezembro' }));
    await getDb()
      .update(marathons)
      .set({ startsOn: todayIn('America/Sao_Paulo') })
      .where(eq(marathons.id, running.id));
    await createMarathon(organizer.viewer, marathonInput({ name: 'Dom Casmurro secreto', visibility: 'privado' }));
    await createMarathon(suspended.viewer, marathonInput({ name: 'Dom Casmurro da suspensa' }));
    await suspend(suspended.user.id);
    const all = (await ((await run(sugestoes, '/api/catalogo/sugestoes?q=dom+cas')) as Response).json()) as {
      suggestions: { title: string; detail: string; href: string }[];
    };
    expect(all.suggestions.slice(2).map((s) => [s.title, s.detail, s.href])).toEqual([
      ['Dom Casmurro em Dezembro', 'Maratona · Acontecendo · 0 participantes', `/m/${running.slug}`],
      ['Maratona Dom Casmurro', 'Maratona · Próxima · 0 participantes', '/m/maratona-dom-casmurro'],
    ]);
  });

  it('/api/catalogo/sugestoes suggests a reader’s foca page by exact username, and species by name (decision 0086)', async () => {
    const suggest = async (q: string) =>
      (
        (await ((await run(sugestoes, `/api/catalogo/sugestoes?q=${encodeURIComponent(q)}`)) as Response).json()) as {
          suggestions: { kind: string; title: string; detail: string; href: string }[];
        }
      ).suggestions;
    const lia = await createUser({ username: 'lia_da_foca' });
    await getDb().execute(sql`UPDATE users SET name = 'Lia' WHERE id = ${lia.id}`);
    // No pet yet: no foca page to suggest.
    expect(await suggest('@lia_da_foca')).toEqual([]);
    const egg = newId();
    await getDb().execute(sql`INSERT INTO focus_eggs (id, user_id, rarity, source, source_key, minutes, hatched_at)
      VALUES (${egg}, ${lia.id}, 'rara', 'milestone', 'milestone:10h', 180, now())`);
    await getDb().execute(
      sql`INSERT INTO focus_pets (id, user_id, egg_id, species, name, companion) VALUES (${newId()}, ${lia.id}, ${egg}, 'foca-harpa', 'Nanuk', true)`,
    );
    expect(await suggest('@Lia_da_foca')).toEqual([
      { kind: 'reader', id: 'lia_da_foca', title: 'Foca de Lia', detail: '@lia_da_foca · companhia: Nanuk', href: '/f/lia_da_foca' },
    ]);
    expect(await suggest('lia_da')).toEqual([]); // only the exact username: one lookup on its unique index
    // A restricted profile, or a suspended reader, is never suggested (the answer is the same for everyone).
    await getDb().execute(sql`UPDATE users SET profile_visibility = 'restrito' WHERE id = ${lia.id}`);
    expect(await suggest('lia_da_foca')).toEqual([]);
    await getDb().execute(sql`UPDATE users SET profile_visibility = 'publico' WHERE id = ${lia.id}`);
    await suspend(lia.id);
    expect(await suggest('lia_da_foca')).toEqual([]);
    // Species: any word of the pt-BR or scientific name, without accents.
    expect((await suggest('foca monge')).map((s) => [s.kind, s.title, s.href])).toEqual([
      ['species', 'Foca-monge-do-havaí', '/foca/bichinhos#especie-foca-monge-do-havai'],
      ['species', 'Foca-monge-do-mediterrâneo', '/foca/bichinhos#especie-foca-monge-do-mediterraneo'],
    ]);
    expect((await suggest('hawai')).map((s) => s.title)).toEqual([]);
    expect((await suggest('havai')).map((s) => s.detail)).toEqual(['Espécie da Foca · Lendária · Neomonachus schauinslandi']);
  });
});

describe('/amznto/{asin}', () => {
  it('records the click (edition, reader, our referrer path) and redirects with the affiliate tag', async () => {
    process.env.AMAZON_AFFILIATE_TAG = 'maratona-20';
    resetEnvForTests();
    const id = await createEdition(dom);
    const reader = await createUser();
    const request = new Request('http://localhost:3000/amznto/8582850352', {
      headers: { Cookie: reader.cookie, Referer: `http://localhost:3000/ed/${id}?x=1` },
    });
    const response = (await (amznto.loader as Loader)(routeArgs(request, { asin: '8582850352' }))) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('https://www.amazon.com.br/dp/8582850352?tag=maratona-20');
    const clicks = await queryRows<{ editionId: string; userId: string; referrerPath: string }>(
      sql`SELECT edition_id AS "editionId", user_id AS "userId", referrer_path AS "referrerPath" FROM affiliate_clicks`,
    );
    expect(clicks).toEqual([{ editionId: id, userId: reader.id, referrerPath: `/ed/${id}?x=1` }]);
  });

  it('keeps other sites out of the record, and refuses anything that is not an ASIN (never an open redirect)', async () => {
    const request = new Request('http://localhost:3000/amznto/B00TESTE12', { headers: { Referer: 'https://outro.site/pagina' } });
    const response = (await (amznto.loader as Loader)(routeArgs(request, { asin: 'B00TESTE12' }))) as Response;
    expect(response.headers.get('location')).toBe('https://www.amazon.com.br/dp/B00TESTE12');
    const [click] = await queryRows<{ editionId: string | null; userId: string | null; referrerPath: string | null }>(
      sql`SELECT edition_id AS "editionId", user_id AS "userId", referrer_path AS "referrerPath" FROM affiliate_clicks`,
    );
    expect(click).toEqual({ editionId: null, userId: null, referrerPath: null });
    for (const asin of ['b00teste12', 'B00TESTE1', '//evil.com', 'https:%2F%2Fevil.com', 'B00TESTE123']) {
      const refused = (await (amznto.loader as Loader)(routeArgs(getRequest(`/amznto/${asin}`), { asin }))) as Response;
      expect(refused.status).toBe(404);
    }
  });
});
