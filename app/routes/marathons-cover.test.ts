import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '~/db/client.server';
import { marathons } from '~/db/schema';
import { deleteAccount } from '~/features/accounts/deletion.server';
import { createClub } from '~/features/clubs/mutations.server';
import { changeMarathonCover } from '~/features/marathons/cover.server';
import { createMarathon } from '~/features/marathons/mutations.server';
import { getStorage } from '~/integrations/storage/storage.server';
import { useTestDatabase } from '../../test/db';
import { formRequest, getRequest, multipartRequest, testPhoto, testViewer } from '../../test/factories';
import { marathonInput, noticeReader } from '../../test/marathon-fixtures';
import { call, statusOf } from '../../test/routes';
import * as manage from './m.$identificador.gerenciar';
import * as page from './m.$identificador';

useTestDatabase();

const coverOf = async (id: string) => (await getDb().select({ key: marathons.coverKey }).from(marathons).where(eq(marathons.id, id)))[0]?.key ?? null;

describe("a marathon's cover", () => {
  it('is sent by its organisers in Gerenciar, shows at the top of its page, replaces the old file, and can be removed', async () => {
    const { user: organizer, viewer } = await noticeReader();
    const { user: reader } = await noticeReader();
    const marathon = await createMarathon(viewer, marathonInput());
    const params = { identificador: marathon.slug };
    const send = (cookie: string, file: File) =>
      call(manage.action, multipartRequest(`/m/${marathon.slug}/gerenciar`, { intent: 'capa' }, [['cover', file]], cookie), params);

    expect(await send(organizer.cookie, await testPhoto())).toEqual({ success: 'Capa atualizada.' });
    const first = await coverOf(marathon.id);
    expect(first).toMatch(new RegExp(`^marathons/${marathon.id}/cover-.+\\.webp$`));
    expect(await getStorage().get(first!)).not.toBeNull();
    const shown = (await call(page.loader, getRequest(`/m/${marathon.slug}`), params)) as { data?: { marathon: { coverUrl: string } } };
    expect(JSON.stringify(shown)).toContain(`"coverUrl":"/arquivos/${first}"`);

    await send(organizer.cookie, await testPhoto());
    const second = await coverOf(marathon.id);
    expect(second).not.toBe(first);
    expect(await getStorage().get(first!)).toBeNull();

    // Not an image: the message stands beside the file input; a reader who does not organise it is refused.
    const text = new File(['não é imagem'], 'capa.png', { type: 'image/png' });
    expect(await send(organizer.cookie, text)).toMatchObject({ data: { fieldErrors: { cover: expect.stringMatching(/imagem/) } } });
    expect(await statusOf(send(reader.cookie, await testPhoto()))).toBe(403);
    expect(await coverOf(marathon.id)).toBe(second);

    const removed = await call(manage.action, formRequest(`/m/${marathon.slug}/gerenciar`, { intent: 'remover-capa' }, { cookie: organizer.cookie }), params);
    expect(removed).toEqual({ success: 'Capa removida.' });
    expect(await coverOf(marathon.id)).toBeNull();
    expect(await getStorage().get(second!)).toBeNull();
  });

  it("goes with its marathon: the organiser's own, and their club's when the club goes with their account", async () => {
    const { user: organizer, viewer } = await noticeReader();
    const own = await createMarathon(viewer, marathonInput());
    await changeMarathonCover(viewer, own.id, await testPhoto());
    const club = await createClub(viewer, { name: 'Clube da capa', description: '', visibility: 'aberto', categories: [] });
    const clubs = await createMarathon(viewer, marathonInput({ name: 'Maratona do clube', organizer: `clube:${club.id}` }));
    await changeMarathonCover(viewer, clubs.id, await testPhoto());
    const [ownCover, clubCover] = [await coverOf(own.id), await coverOf(clubs.id)];

    // The club's only member goes: the club goes with the account, and both marathons with their covers.
    expect([await getStorage().get(ownCover!), await getStorage().get(clubCover!)]).not.toContain(null);
    const fields = { username: organizer.username, password: organizer.password };
    await deleteAccount(testViewer(organizer), formRequest('/configuracoes/excluir', fields, { cookie: organizer.cookie }), fields);
    expect(await getDb().select().from(marathons)).toEqual([]);
    expect([await getStorage().get(ownCover!), await getStorage().get(clubCover!)]).toEqual([null, null]);
  });
});
