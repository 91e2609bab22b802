import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test/db';
import { createEdition, createUser, formRequest, getRequest, testViewer } from '../../test/factories';
import * as coverForm from './catalogo.solicitar.capa';
import * as proposedImage from './catalogo.solicitacoes.$codigo.capa';
import * as review from './gerenciar.catalogo.solicitacoes.$codigo';
import { getDb } from '~/db/client.server';
import { getEdition } from '~/features/catalog/queries.server';
import { revertCatalogChange } from '~/features/curation/mutations.server';
import { listMyChangeRequests } from '~/features/curation/queries.server';
import { serveUpload } from '~/server/uploads.server';
import { routeArgs, type Handler } from '../../test/routes';

useTestDatabase();

const act = coverForm.action as unknown as Handler;
const image = proposedImage.loader as unknown as Handler;
const reviewAct = review.action as unknown as Handler;

function postCover(editionId: string, cookie: string, picture: Buffer, seen = '') {
  const form = new FormData();
  form.set('capa', new File([new Uint8Array(picture)], 'capa.png', { type: 'image/png' }));
  form.set('visto.capa', seen);
  form.set('note', 'Foto do meu exemplar');
  const request = new Request(`http://localhost:3000/catalogo/solicitar/capa?edicao=${editionId}`, {
    method: 'POST',
    body: form,
    headers: { Origin: 'http://localhost:3000', Cookie: cookie },
  });
  return act(routeArgs(request));
}

const picture = (background: string) =>
  sharp({ create: { width: 600, height: 900, channels: 3, background } })
    .png()
    .toBuffer();
const codeOf = (response: Response) => new URL(response.headers.get('location') ?? '', 'http://x').searchParams.get('enviada') ?? '';

/** The proposed image as `who` would load it: its status (a thrown 404 counts as 404). */
async function imageStatus(code: string, cookie?: string): Promise<number> {
  try {
    return ((await image(routeArgs(getRequest(`/catalogo/solicitacoes/${code}/capa`, cookie), { codigo: code }))) as Response).status;
  } catch (thrown) {
    return (thrown as { init?: { status?: number } }).init?.status ?? 0;
  }
}

describe('cover requests', () => {
  it('keep the proposed image private, then approval publishes it and a revert restores the old cover', async () => {
    const reader = await createUser();
    const stranger = await createUser();
    const curator = await createUser({ role: 'curator' });
    const editionId = await createEdition({ title: 'Vidas Secas', authors: ['Graciliano Ramos'] });
    // Trusted or not, and however few readers the edition has, a cover waits for a curator.
    await getDb().execute(sql`UPDATE editions SET readers_count = 6 WHERE id = ${editionId}`);

    const sent = (await postCover(editionId, reader.cookie, await picture('#8E2C2C'))) as Response;
    expect(sent.status).toBe(302);
    const code = codeOf(sent);
    const [mine] = (await listMyChangeRequests(testViewer(reader))).items;
    expect(mine).toMatchObject({
      code,
      kind: 'edition_cover',
      status: 'pending',
      note: 'Foto do meu exemplar',
      changes: [{ field: 'cover', before: null, after: `/catalogo/solicitacoes/${code}/capa` }],
    });

    const served = (await image(routeArgs(getRequest(`/catalogo/solicitacoes/${code}/capa`, reader.cookie), { codigo: code }))) as Response;
    expect([served.status, served.headers.get('Content-Type'), served.headers.get('Cache-Control')]).toEqual([200, 'image/webp', 'private, no-store']);
    expect(await sharp(Buffer.from(await served.arrayBuffer())).metadata()).toMatchObject({ format: 'webp', width: 600, height: 900 });
    expect(await imageStatus(code, curator.cookie)).toBe(200);
    expect(await imageStatus(code, stranger.cookie)).toBe(404);
    expect(await imageStatus(code)).toBe(404);
    // Nor through /arquivos, by any spelling of the private key.
    const [stored] = await getDb()
      .execute<{ id: string }>(sql`SELECT id FROM change_requests WHERE code = ${code}`)
      .then((r) => (r as unknown as { rows: { id: string }[] }).rows);
    for (const path of [`/privado/capas-propostas/${stored?.id}.webp`, `/privado%2Fcapas-propostas%2F${stored?.id}.webp`])
      expect((await serveUpload({ method: 'GET', path })).status).toBe(404);
    expect((await getEdition(editionId))?.coverUrl).toBeNull();

    const reviewPath = `/gerenciar/catalogo/solicitacoes/${code}`;
    const approved = (await reviewAct(routeArgs(formRequest(reviewPath, { intent: 'aprovar' }, { cookie: curator.cookie }), { codigo: code }))) as Response;
    expect(approved.status).toBe(302);
    const cover = (await getEdition(editionId))?.coverUrl ?? '';
    expect(cover).toMatch(new RegExp(`^/arquivos/capas/${editionId}/[A-Za-z0-9_-]+\\.webp$`));
    expect((await serveUpload({ method: 'GET', path: cover.slice('/arquivos'.length) })).status).toBe(200);
    const [history] = await getDb()
      .execute(sql`SELECT id, field, before, after FROM catalog_changes WHERE entity_id = ${editionId}`)
      .then((r) => (r as unknown as { rows: { id: string; field: string; before: string | null; after: string }[] }).rows);
    expect(history).toMatchObject({ field: 'cover', before: null, after: cover });

    await revertCatalogChange(testViewer(curator, 'curator'), history?.id ?? '');
    expect((await getEdition(editionId))?.coverUrl).toBeNull();
  });

  it('rejecting keeps the current cover; a file that is not an image is refused next to its field', async () => {
    const reader = await createUser();
    const curator = await createUser({ role: 'curator' });
    const editionId = await createEdition({ title: 'Angústia', authors: ['Graciliano Ramos'] });
    await getDb().execute(sql`UPDATE editions SET cover_url = '/arquivos/capas/antiga.webp' WHERE id = ${editionId}`);

    const notImage = await postCover(editionId, reader.cookie, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'));
    expect((notImage as { init?: { status?: number } }).init?.status).toBe(400);
    expect((notImage as { data: { fieldErrors: Record<string, string>; fields: Record<string, string> } }).data).toMatchObject({
      fieldErrors: { capa: 'Envie uma imagem JPEG, PNG, WebP ou GIF.' },
      fields: { note: 'Foto do meu exemplar' },
    });

    const code = codeOf((await postCover(editionId, reader.cookie, await picture('#2C6E49'), '/arquivos/capas/antiga.webp')) as Response);
    // What the reader "saw" is shown to curators as an image: only one of our own uploads is kept.
    const foreign = codeOf((await postCover(editionId, reader.cookie, await picture('#2C6E49'), 'https://exemplo.com/rastreio.png')) as Response);
    const mine = (await listMyChangeRequests(testViewer(reader))).items;
    expect(mine.find((r) => r.code === code)?.changes[0]?.before).toBe('/arquivos/capas/antiga.webp');
    expect(mine.find((r) => r.code === foreign)?.changes[0]?.before).toBeNull();
    const rejected = (await reviewAct(
      routeArgs(formRequest(`/gerenciar/catalogo/solicitacoes/${code}`, { intent: 'rejeitar', reason: 'A imagem está cortada.' }, { cookie: curator.cookie }), {
        codigo: code,
      }),
    )) as Response;
    expect(rejected.status).toBe(302);
    expect((await getEdition(editionId))?.coverUrl).toBe('/arquivos/capas/antiga.webp');
    expect((await listMyChangeRequests(testViewer(reader))).items.find((r) => r.code === code)).toMatchObject({
      status: 'rejected',
      answer: 'A imagem está cortada.',
    });
    expect(await imageStatus(code, reader.cookie)).toBe(200);
  });
});
