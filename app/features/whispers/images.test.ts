import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { getDb, queryRows } from '~/db/client.server';
import { newId } from '~/lib/ids';
import type { Viewer } from '~/server/viewer.server';
import { useTestDatabase } from '../../../test/db';
import { createUser, testViewer } from '../../../test/factories';
import { follow } from '../../../test/reading-factories';
import { hideWhisper, sendWhisper, whisperTo } from './mutations.server';
import { WHISPER_EMPTY, WHISPER_TOO_MANY_IMAGES, attachImages } from './policy';
import { getThread, getWhisperImage, listConversations } from './queries.server';
import { setWhisperRemoved } from './reports.server';

useTestDatabase();

async function reader(options: { birthDate?: string } = {}): Promise<Viewer> {
  return { ...testViewer(await createUser({ verified: true, ...options })), emailVerified: true };
}

/** A photo as a phone uploads it: a JPEG with EXIF (camera, GPS-like comment) that must not survive. */
const photo = async (width = 640, height = 480, background = '#1D4E7A') =>
  new File(
    [
      new Uint8Array(
        await sharp({ create: { width, height, channels: 3, background } })
          .jpeg()
          .withExif({ IFD0: { Make: 'Celular da Ana', ImageDescription: 'Rua das Flores, 12' } })
          .toBuffer(),
      ),
    ],
    'foto.jpg',
    { type: 'image/jpeg' },
  );
const notAnImage = () => new File([new Uint8Array(Buffer.from('%PDF-1.4 não é imagem'))], 'foto.png', { type: 'image/png' });
const bytesOf = async (file: { body: ReadableStream | null } | null) => Buffer.from(await new Response(file?.body ?? null).arrayBuffer());
const imageRows = () => queryRows<{ key: string }>(sql`SELECT storage_key AS key FROM whisper_images ORDER BY message_id, position`);

describe('whisper images (decision 0089)', () => {
  it('carries up to four images, re-encoded without EXIF, shown to both readers with the sender in the alt text', async () => {
    const [ana, bia] = [await reader(), await reader()];
    const { conversationId } = await whisperTo(ana, bia.id, {
      clientId: newId(),
      body: 'Olha a minha estante!',
      images: [await photo(3000, 1500), await photo()],
    });
    // A message with images only: no text needed.
    await sendWhisper(bia, conversationId, { clientId: newId(), body: '', images: [await photo(300, 400, '#B84A2E')] });
    for (const viewer of [ana, bia]) {
      const thread = await getThread(viewer, conversationId);
      expect(thread.messages.map((m) => [m.body, m.images.map((i) => [i.position, i.width, i.height, i.alt, i.url])])).toEqual([
        [
          'Olha a minha estante!',
          [
            [1, 2048, 1024, `Imagem enviada por @${ana.username}`, `/sussurros/${conversationId}/imagens/${thread.messages[0]!.id}/1`],
            [2, 640, 480, `Imagem enviada por @${ana.username}`, `/sussurros/${conversationId}/imagens/${thread.messages[0]!.id}/2`],
          ],
        ],
        ['', [[1, 300, 400, `Imagem enviada por @${bia.username}`, `/sussurros/${conversationId}/imagens/${thread.messages[1]!.id}/1`]]],
      ]);
    }
    // The list says "📷 Imagem" for a message without text: the card carries how many images it has.
    expect((await listConversations(ana))[0]?.lastMessage).toMatchObject({ body: '', images: 1, mine: false });
    const [first] = (await getThread(bia, conversationId)).messages;
    const served = await getWhisperImage(bia, conversationId, first!.id, 1);
    expect(served?.contentType).toBe('image/webp');
    const metadata = await sharp(await bytesOf(served)).metadata();
    expect([metadata.format, metadata.width, metadata.height, metadata.exif]).toEqual(['webp', 2048, 1024, undefined]);
    // Stored under the private prefix, which /arquivos never serves.
    expect((await imageRows()).every((row) => row.key.startsWith('privado/whispers/'))).toBe(true);
  });

  it('refuses an empty message, a fifth image, a file that is not an image and one over 5 MB, writing nothing', async () => {
    const [ana, bia] = [await reader(), await reader()];
    const { conversationId } = await whisperTo(ana, bia.id, { clientId: newId(), body: 'Oi' });
    const attempt = (body: string, images: File[]) => sendWhisper(ana, conversationId, { clientId: newId(), body, images });
    await expect(attempt('', [])).rejects.toMatchObject({ code: 'invalid_input', message: WHISPER_EMPTY, field: 'body' });
    const five = await Promise.all(Array.from({ length: 5 }, () => photo(64, 48)));
    await expect(attempt('Cinco', five)).rejects.toMatchObject({ message: WHISPER_TOO_MANY_IMAGES, field: 'imagens' });
    await expect(attempt('Uma ruim', [await photo(64, 48), notAnImage()])).rejects.toMatchObject({
      code: 'invalid_image',
      message: 'A imagem 2 não é uma imagem JPEG, PNG, WebP ou GIF.',
      field: 'imagens',
    });
    const huge = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'enorme.jpg', { type: 'image/jpeg' });
    await expect(attempt('Grande', [huge])).rejects.toMatchObject({ code: 'image_too_large', message: 'A imagem passa do limite de 5 MB.' });
    expect(await queryRows(sql`SELECT body FROM whisper_messages`)).toEqual([{ body: 'Oi' }]);
    expect(await imageRows()).toEqual([]);
  });

  it('a retried send with the same client id and the same images is the same message; other images under that id are refused', async () => {
    const [ana, bia] = [await reader(), await reader()];
    const { conversationId } = await whisperTo(ana, bia.id, { clientId: newId(), body: 'Oi' });
    const images = [await photo(64, 48), await photo(80, 60, '#B84A2E')];
    const send = { clientId: newId(), body: 'Duas fotos', images };
    await sendWhisper(ana, conversationId, send);
    const stored = await imageRows();
    await sendWhisper(ana, conversationId, { ...send, images: [new File([await images[0]!.arrayBuffer()], 'de-novo.jpg'), images[1]!] });
    // One message, its two images, and the retry stored no file of its own.
    expect(await queryRows(sql`SELECT body FROM whisper_messages ORDER BY created_at`)).toEqual([{ body: 'Oi' }, { body: 'Duas fotos' }]);
    expect(await imageRows()).toEqual(stored);
    await expect(sendWhisper(ana, conversationId, { ...send, images: [images[1]!, images[0]!] })).rejects.toMatchObject({
      code: 'conflict',
      message: expect.stringContaining('já foi enviada com outras imagens'),
    });
    // A double tap: both sends at once, one message with its images.
    const tap = { clientId: newId(), body: '', images: [await photo(64, 48, '#2E7D32')] };
    const both = await Promise.allSettled([sendWhisper(ana, conversationId, tap), sendWhisper(ana, conversationId, tap)]);
    expect(both.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled']);
    expect(await queryRows(sql`SELECT count(*)::int AS n FROM whisper_messages WHERE client_id = ${tap.clientId}`)).toEqual([{ n: 1 }]);
    expect(await imageRows()).toHaveLength(3);
  });

  it('serves an image to the two readers only: a third reader, an admin, a visitor, a hidden message and a wrong conversation get nothing', async () => {
    const [ana, bia, caio] = [await reader(), await reader(), await reader()];
    const admin = { ...(await reader()), role: 'admin' as const };
    const { conversationId } = await whisperTo(ana, bia.id, { clientId: newId(), body: 'Só nós', images: [await photo(64, 48)] });
    const other = await whisperTo(caio, ana.id, { clientId: newId(), body: 'Oi' });
    const [message] = (await getThread(ana, conversationId)).messages;
    const id = message!.id;
    expect(await getWhisperImage(ana, conversationId, id, 1)).not.toBeNull();
    expect(await getWhisperImage(bia, conversationId, id, 1)).not.toBeNull();
    for (const outsider of [caio, admin, null]) expect(await getWhisperImage(outsider, conversationId, id, 1)).toBeNull();
    // Caio's own conversation with Ana does not open another conversation's image.
    expect(await getWhisperImage(caio, other.conversationId, id, 1)).toBeNull();
    expect(await getWhisperImage(ana, conversationId, id, 2)).toBeNull();
    // "Apagar para mim" takes the images from that side only.
    await hideWhisper(bia, conversationId, id);
    expect(await getWhisperImage(bia, conversationId, id, 1)).toBeNull();
    expect(await getWhisperImage(ana, conversationId, id, 1)).not.toBeNull();
  });

  it('holds images from someone a reader under 18 no longer follows ("Imagem oculta"), and never serves them to that reader', async () => {
    const young = await reader({ birthDate: `${new Date().getFullYear() - 15}-01-01` });
    const friend = await reader();
    await follow(young.id, friend.id);
    const { conversationId } = await whisperTo(friend, young.id, { clientId: newId(), body: 'Olha que capa linda', images: [await photo(64, 48)] });
    await sendWhisper(young, conversationId, { clientId: newId(), body: 'A minha', images: [await photo(64, 48, '#B84A2E')] });
    const shown = await getThread(young, conversationId);
    expect(shown.messages.map((m) => m.images[0]?.url !== null)).toEqual([true, true]);
    const [theirs, mine] = shown.messages;
    expect(await getWhisperImage(young, conversationId, theirs!.id, 1)).not.toBeNull();
    // The follow ends: the friend can no longer write, and what they sent before keeps its images held from the minor.
    await queryRows(sql`DELETE FROM follows WHERE follower_id = ${young.id}`);
    const held = await getThread(young, conversationId);
    expect(held.messages.map((m) => [m.body, m.images.map((i) => i.url === null)])).toEqual([
      ['Olha que capa linda', [true]],
      ['A minha', [false]],
    ]);
    expect(await getWhisperImage(young, conversationId, theirs!.id, 1)).toBeNull();
    expect(await getWhisperImage(young, conversationId, mine!.id, 1)).not.toBeNull();
    // The sender still sees their own image, and an adult reader's view is not affected.
    expect(await getWhisperImage(friend, conversationId, theirs!.id, 1)).not.toBeNull();
    await expect(sendWhisper(friend, conversationId, { clientId: newId(), body: 'Oi?', images: [await photo(64, 48)] })).rejects.toMatchObject({
      code: 'forbidden',
    });
    expect(await queryRows(sql`SELECT count(*)::int AS n FROM whisper_images`)).toEqual([{ n: 2 }]);
  });

  it('a message the moderation removes shows no image and its URL answers 404 to both readers; restoring it brings them back', async () => {
    const [ana, bia] = [await reader(), await reader()];
    const { conversationId } = await whisperTo(ana, bia.id, { clientId: newId(), body: '', images: [await photo(64, 48)] });
    const [message] = (await getThread(bia, conversationId)).messages;
    const removed = (removal: boolean) => getDb().transaction((tx) => setWhisperRemoved(tx, message!.id, removal));
    await removed(true);
    for (const viewer of [ana, bia]) {
      expect((await getThread(viewer, conversationId)).messages.map((m) => [m.removed, m.images])).toEqual([[true, []]]);
      expect(await getWhisperImage(viewer, conversationId, message!.id, 1)).toBeNull();
    }
    expect((await listConversations(bia))[0]?.lastMessage).toMatchObject({ removed: true, images: 0 });
    await removed(false);
    expect(await getWhisperImage(bia, conversationId, message!.id, 1)).not.toBeNull();
    expect((await getThread(bia, conversationId)).messages[0]?.images).toHaveLength(1);
  });

  it('a reader under 18 gets no image from someone they do not follow: the whole whisper is refused, with the reason', async () => {
    const young = await reader({ birthDate: `${new Date().getFullYear() - 15}-01-01` });
    const stranger = await reader();
    await queryRows(sql`UPDATE users SET whisper_audience = 'everyone' WHERE id = ${young.id}`);
    await expect(whisperTo(stranger, young.id, { clientId: newId(), body: '', images: [await photo(64, 48)] })).rejects.toMatchObject({
      code: 'forbidden',
      message: `@${young.username} só recebe sussurros de quem segue.`,
      field: 'body',
    });
    // Refused before the image was read or stored.
    expect(await queryRows(sql`SELECT count(*)::int AS n FROM whisper_images`)).toEqual([{ n: 0 }]);
    expect(await queryRows(sql`SELECT count(*)::int AS n FROM rate_limit_counters WHERE key LIKE ${'%' + stranger.id.toLowerCase()}`)).toEqual([{ n: 0 }]);
  });

  it('the composer adds what was chosen up to four, names a file it already knows is refused, and keeps what was attached', () => {
    const file = (name: string, type = 'image/jpeg', size = 1000) => ({ name, type, size });
    const two = [file('a.jpg'), file('b.png', 'image/png')];
    expect(attachImages(two, [file('c.webp', 'image/webp')])).toEqual({ files: [...two, file('c.webp', 'image/webp')], error: null });
    expect(attachImages(two, [file('c.jpg'), file('d.jpg'), file('e.jpg')])).toEqual({ files: two, error: WHISPER_TOO_MANY_IMAGES });
    expect(attachImages(two, [file('nota.pdf', 'application/pdf'), file('c.gif', 'image/gif')])).toEqual({
      files: [...two, file('c.gif', 'image/gif')],
      error: '“nota.pdf” não é uma imagem JPEG, PNG, WebP ou GIF.',
    });
    expect(attachImages([], [file('grande.jpg', 'image/jpeg', 6 * 1024 * 1024)])).toEqual({ files: [], error: '“grande.jpg” passa do limite de 5 MB.' });
  });
});
