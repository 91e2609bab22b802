import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '~/db/client.server';
import { whisperTo } from '~/features/whispers/mutations.server';
import { getStorage } from '~/integrations/storage/storage.server';
import { newId } from '~/lib/ids';
import type { Viewer } from '~/server/viewer.server';
import { useTestDatabase } from '../../test/db';
import { type TestUser, createUser, getRequest, multipartRequest, testPhoto, testViewer } from '../../test/factories';
import { renderPage } from '../../test/render';
import { call, statusOf } from '../../test/routes';
import * as send from './api/sussurros.$id.mensagens';
import * as configuracoesExcluir from './configuracoes.excluir';
import * as list from './sussurros';
import * as thread from './sussurros.$id';
import * as image from './sussurros.$id.imagens.$message.$n';

useTestDatabase();

const verified = (user: TestUser): Viewer => ({ ...testViewer(user), emailVerified: true });
const loaded = async (work: Promise<unknown>) => ((await work) as { data?: unknown }).data ?? (await work);
const images = async (count: number) => Promise.all(Array.from({ length: count }, () => testPhoto()));
const pdf = () => new File([new Uint8Array(Buffer.from('%PDF-1.4'))], 'nota.pdf', { type: 'application/pdf' });
const onlyMessage = async (conversationId: string) =>
  (await queryRows<{ id: string }>(sql`SELECT id FROM whisper_messages WHERE conversation_id = ${conversationId} ORDER BY created_at DESC LIMIT 1`))[0]!.id;

describe('whisper images through the pages (decision 0089)', () => {
  it('sends images before JavaScript (the page’s multipart form) and with it (the send door), and the list says “📷 Imagem”', async () => {
    const [ana, bia] = [await createUser({ verified: true }), await createUser({ verified: true })];
    const { conversationId: id } = await whisperTo(verified(ana), bia.id, { clientId: newId(), body: 'Oi' });
    const form = (fields: Record<string, string>, files: File[], who = bia) =>
      multipartRequest(
        `/sussurros/${id}`,
        fields,
        files.map((file) => ['imagens', file]),
        who.cookie,
      );
    expect(await call(thread.action, form({ intent: 'enviar', clientId: newId(), body: 'Minha estante' }, await images(2)), { id })).toEqual({
      success: 'Mensagem enviada.',
    });
    // The send door takes the same multipart body, images only.
    const door = multipartRequest(`/api/sussurros/${id}/mensagens`, { clientId: newId(), body: '' }, [['imagens', await testPhoto()]], ana.cookie);
    expect(await statusOf(call(send.action, door, { id }))).toBe(200);
    const page = renderPage(thread.default, await loaded(call(thread.loader, getRequest(`/sussurros/${id}`, ana.cookie), { id })));
    expect(page.match(new RegExp(`alt="Imagem enviada por @${bia.username}"`, 'g'))).toHaveLength(2);
    expect(page.match(new RegExp(`alt="Imagem enviada por @${ana.username}"`, 'g'))).toHaveLength(1);
    expect(page).toContain(`src="/sussurros/${id}/imagens/`);
    expect(page).toMatch(/enctype="multipart\/form-data"/i);
    expect(page).toContain('Anexar imagens');
    expect(renderPage(list.default, await loaded(call(list.loader, getRequest('/sussurros', bia.cookie))))).toContain('📷 Imagem');

    // A fifth image and a file that is not an image: refused next to the box, the text kept, nothing written.
    const before = await queryRows(sql`SELECT count(*)::int AS n FROM whisper_messages`);
    const five = await call(thread.action, form({ intent: 'enviar', clientId: newId(), body: 'Cinco fotos' }, await images(5)), { id });
    expect(await statusOf(Promise.resolve(five))).toBe(400);
    const kept = renderPage(
      thread.default,
      await loaded(call(thread.loader, getRequest(`/sussurros/${id}`, bia.cookie), { id })),
      `/sussurros/${id}`,
      (five as { data: unknown }).data,
    );
    expect(kept).toContain('Anexe no máximo 4 imagens por mensagem.');
    expect(kept).toContain('Cinco fotos');
    const bad = (await call(
      send.action,
      multipartRequest(`/api/sussurros/${id}/mensagens`, { clientId: newId(), body: 'E este?' }, [['imagens', pdf()]], bia.cookie),
      {
        id,
      },
    )) as { data: { error: string }; init: { status: number } };
    expect([bad.init.status, bad.data.error]).toEqual([400, 'A imagem não é uma imagem JPEG, PNG, WebP ou GIF.']);
    expect(await queryRows(sql`SELECT count(*)::int AS n FROM whisper_messages`)).toEqual(before);
  });

  it('after the sender deletes their account, their images answer 404 and their files are gone', async () => {
    const [ana, bia] = [await createUser({ verified: true }), await createUser({ verified: true })];
    const { conversationId: id } = await whisperTo(verified(ana), bia.id, { clientId: newId(), body: 'Tchau', images: await images(1) });
    const message = await onlyMessage(id);
    const url = `/sussurros/${id}/imagens/${message}/1`;
    expect(await statusOf(call(image.loader, getRequest(url, bia.cookie), { id, message, n: '1' }))).toBe(200);
    const [{ key }] = (await queryRows<{ key: string }>(sql`SELECT storage_key AS key FROM whisper_images`)) as [{ key: string }];
    const gone = await call(
      configuracoesExcluir.action,
      multipartRequest('/configuracoes/excluir', { username: ana.username, password: ana.password }, [], ana.cookie),
    );
    expect((gone as Response).headers.get('Location')).toBe('/?conta=excluida');
    expect(await statusOf(call(image.loader, getRequest(url, bia.cookie), { id, message, n: '1' }))).toBe(404);
    expect(await getStorage().get(key)).toBeNull();
  });
});
