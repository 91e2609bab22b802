import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { getDb } from '~/db/client.server';
import { groupReadMaterials, groupReads, rateLimitCounters } from '~/db/schema';
import { deleteAccount } from '~/features/accounts/deletion.server';
import { createClub } from '~/features/clubs/mutations.server';
import { changeGroupReadCover } from '~/features/lcs/cover.server';
import { listMaterials } from '~/features/lcs/materials/materials.server';
import { createGroupRead } from '~/features/lcs/mutations.server';
import { MATERIAL_FILES_PER_HOUR, GROUP_READ_MATERIALS_MAX } from '~/features/lcs/policy';
import { getStorage } from '~/integrations/storage/storage.server';
import { serveUpload } from '~/server/uploads.server';
import { clearHtmlCache, listenForInvalidations } from '~/server/html-cache.server';
import type { Viewer } from '~/server/viewer.server';
import { useTestDatabase } from '../../test/db';
import { createUser, formRequest, getRequest, multipartRequest, testPhoto, testViewer, type TestUser } from '../../test/factories';
import { lcInput } from '../../test/lc-fixtures';
import { dropped, visit, type Page } from '../../test/page-cache';
import { call, statusOf, type Failure } from '../../test/routes';
import * as materials from './lc.$identificador.materiais';
import * as materialFile from './lc.$identificador.materiais.$material';

useTestDatabase();

const verified = (user: TestUser): Viewer => ({ ...testViewer(user), emailVerified: true });
const pdf = (text = '%PDF-1.4 guia', name = 'guia.pdf') => new File([Buffer.from(text)], name, { type: 'application/pdf' });

async function hostedLc() {
  const host = await createUser({ verified: true });
  const lc = await createGroupRead(verified(host), await lcInput({ materials: [] }));
  const params = { identificador: lc.slug };
  const send = (fields: Record<string, string>, user: TestUser = host) =>
    call(materials.action, formRequest(`/lc/${lc.slug}/materiais`, fields, { cookie: user.cookie }), params);
  const upload = (file: File, title = '', user: TestUser = host) =>
    call(materials.action, multipartRequest(`/lc/${lc.slug}/materiais`, { intent: 'arquivo', title }, [['file', file]], user.cookie), params);
  const titles = async () => (await listMaterials(lc)).map((m) => m.title);
  return { host, lc, params, send, upload, titles };
}

describe('the materiais tab', () => {
  it('takes links and files from the host, in order, which the host moves and removes; a file goes with its row', async () => {
    const { lc, params, send, upload, titles } = await hostedLc();
    expect(await send({ intent: 'link', title: 'Playlist', url: 'https://exemplo.com.br/playlist' })).toEqual({ success: 'Link adicionado aos materiais.' });
    expect(await upload(pdf(), '')).toEqual({ success: 'Arquivo adicionado aos materiais.' });
    expect(await upload(await testPhoto(), 'Mapa de São Petersburgo')).toEqual({ success: 'Arquivo adicionado aos materiais.' });
    expect(await titles()).toEqual(['Playlist', 'guia', 'Mapa de São Petersburgo']);
    const [link, guide, map] = await listMaterials(lc);
    expect(link).toMatchObject({ kind: 'link', url: 'https://exemplo.com.br/playlist', fileKind: null });
    expect(guide).toMatchObject({ kind: 'file', url: `/lc/${lc.slug}/materiais/${guide!.id}`, fileKind: 'pdf' });
    expect(map).toMatchObject({ fileKind: 'image' });

    // The PDF comes as a download with its title, the image re-encoded; neither is reachable under /arquivos.
    const got = (await call(materialFile.loader, getRequest(guide!.url), { ...params, material: guide!.id })) as Response;
    expect([got.status, got.headers.get('Content-Type'), got.headers.get('Content-Disposition'), got.headers.get('Cache-Control')]).toEqual([
      200,
      'application/pdf',
      'attachment; filename="guia.pdf"',
      'private, no-store',
    ]);
    expect(await got.text()).toBe('%PDF-1.4 guia');
    const image = (await call(materialFile.loader, getRequest(map!.url), { ...params, material: map!.id })) as Response;
    expect(image.headers.get('Content-Type')).toBe('image/webp');
    const [row] = await getDb().select({ key: groupReadMaterials.fileKey }).from(groupReadMaterials).where(eq(groupReadMaterials.id, guide!.id));
    expect(row!.key).toMatch(new RegExp(`^privado/group-reads/${lc.id}/materials/.+\\.pdf$`));
    expect((await serveUpload({ method: 'GET', path: `/${row!.key}` })).status).toBe(404);

    expect(await send({ intent: 'descer', materialId: link!.id })).toEqual({ success: 'Ordem dos materiais salva.' });
    expect(await send({ intent: 'subir', materialId: map!.id })).toEqual({ success: 'Ordem dos materiais salva.' });
    expect(await titles()).toEqual(['guia', 'Mapa de São Petersburgo', 'Playlist']);
    expect(await send({ intent: 'remover', materialId: guide!.id })).toEqual({ success: 'Material removido.' });
    expect(await titles()).toEqual(['Mapa de São Petersburgo', 'Playlist']);
    expect(await getStorage().get(row!.key!)).toBeNull();
    expect(await statusOf(call(materialFile.loader, getRequest(guide!.url), { ...params, material: guide!.id }))).toBe(404);
  });

  it('refuses what is not a PDF or an image, past its size, past the hourly count and past the cap, beside the field, keeping what was typed', async () => {
    const { send, upload, titles } = await hostedLc();
    const fieldErrors = (result: unknown) => (result as Failure).data.fieldErrors;
    const notAFile = (await upload(new File(['<script>alert(1)</script>'], 'guia.pdf', { type: 'application/pdf' }), 'Guia')) as Failure;
    expect([notAFile.init.status, notAFile.data.fieldErrors.file, notAFile.data.fields.title]).toEqual([
      400,
      'Envie um PDF ou uma imagem (JPEG, PNG, WebP ou GIF).',
      'Guia',
    ]);
    expect(fieldErrors(await upload(pdf(`%PDF-${'x'.repeat(10 * 1024 * 1024)}`)))).toEqual({ file: 'O arquivo passa do limite de 10 MB.' });
    expect(fieldErrors(await upload(new File([], 'vazio.pdf')))).toEqual({ file: 'Escolha um arquivo (PDF ou imagem).' });
    const badLink = (await send({ intent: 'link', title: 'Playlist', url: 'http://exemplo.com.br' })) as Failure;
    expect([badLink.data.fieldErrors.url, badLink.data.fields.title]).toEqual(['Cole um link começando com https://.', 'Playlist']);
    expect(fieldErrors(await send({ intent: 'link', title: '', url: 'https://exemplo.com.br' }))).toEqual({ title: 'Dê um título ao material.' });
    expect(await titles()).toEqual([]);

    // The refused file above counted: decoding it was the cost.
    for (let i = 0; i < MATERIAL_FILES_PER_HOUR - 1; i++) await upload(pdf());
    const limited = (await upload(pdf())) as Failure & { init: { headers: Record<string, string> } };
    expect([limited.init.status, limited.data.fieldErrors.file]).toEqual([
      429,
      expect.stringContaining(`limite de ${MATERIAL_FILES_PER_HOUR} arquivos por hora`),
    ]);
    await getDb().delete(rateLimitCounters);

    for (let i = (await titles()).length; i < GROUP_READ_MATERIALS_MAX; i++) await send({ intent: 'link', title: `Link ${i}`, url: 'https://exemplo.com.br' });
    const full = (await send({ intent: 'link', title: 'Mais um', url: 'https://exemplo.com.br' })) as Failure;
    expect(full.data.formError).toBe(`Uma LC tem no máximo ${GROUP_READ_MATERIALS_MAX} materiais. Remova um para adicionar outro.`);
  });

  it('is for the host to change: a participant gets 403 and nothing is stored', async () => {
    const { upload, send, titles } = await hostedLc();
    const reader = await createUser({ verified: true });
    expect(await statusOf(upload(pdf(), 'Meu', reader))).toBe(403);
    expect(await statusOf(send({ intent: 'link', title: 'Meu', url: 'https://exemplo.com.br' }, reader))).toBe(403);
    expect(await titles()).toEqual([]);
  });

  it("drops the visitors' cached tab when a material changes, and the host's account deletion removes the files", async () => {
    clearHtmlCache();
    await listenForInvalidations();
    const { host, lc, params, send, upload } = await hostedLc();
    const tab: Page = { url: new URL(`http://localhost:3000/lc/${lc.slug}/materiais`), route: materials, params };
    expect(await visit(tab)).toContain('"materials":[]');
    await send({ intent: 'link', title: 'Playlist', url: 'https://exemplo.com.br/playlist' });
    await dropped(tab);
    expect(await visit(tab)).toContain('Playlist');
    await upload(pdf());
    await dropped(tab);
    const [row] = await getDb().select({ key: groupReadMaterials.fileKey }).from(groupReadMaterials).where(eq(groupReadMaterials.kind, 'file'));
    const fields = { username: host.username, password: host.password };
    await deleteAccount(testViewer(host), formRequest('/configuracoes/excluir', fields, { cookie: host.cookie }), fields);
    expect(await getStorage().get(row!.key!)).toBeNull();
  });

  it("removes a club's LCs' covers and material files when the club goes (with its last member's account)", async () => {
    const owner = await createUser({ verified: true });
    const club = await createClub(verified(owner), { name: 'Clube que acaba', description: '', visibility: 'aberto', categories: [] });
    const lc = await createGroupRead(verified(owner), await lcInput({ hostClubId: club.id, visibility: 'clube', materials: [] }));
    await changeGroupReadCover(verified(owner), lc.id, await testPhoto());
    const upload = await call(
      materials.action,
      multipartRequest(`/lc/${lc.slug}/materiais`, { intent: 'arquivo', title: '' }, [['file', pdf()]], owner.cookie),
      { identificador: lc.slug },
    );
    expect(upload).toEqual({ success: 'Arquivo adicionado aos materiais.' });
    const [{ cover }] = (await getDb().select({ cover: groupReads.coverKey }).from(groupReads).where(eq(groupReads.id, lc.id))) as [{ cover: string }];
    const [{ file }] = (await getDb()
      .select({ file: groupReadMaterials.fileKey })
      .from(groupReadMaterials)
      .where(eq(groupReadMaterials.groupReadId, lc.id))) as [{ file: string }];
    expect([await getStorage().get(cover), await getStorage().get(file)]).not.toContain(null);
    const fields = { username: owner.username, password: owner.password };
    await deleteAccount(testViewer(owner), formRequest('/configuracoes/excluir', fields, { cookie: owner.cookie }), fields);
    expect(await getDb().select().from(groupReads).where(eq(groupReads.id, lc.id))).toEqual([]);
    expect([await getStorage().get(cover), await getStorage().get(file)]).toEqual([null, null]);
  });
});
