import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { getDb } from '~/db/client.server';
import { clubs, groupReads } from '~/db/schema';
import { joinClub } from '~/features/clubs/membership.server';
import { createClub } from '~/features/clubs/mutations.server';
import { EDITION_GROUP_READS_MAX } from '~/features/lcs/edition-list.server';
import { closeGroupReadEarly, createGroupRead, shiftGroupReadSchedule, updateGroupReadSettings } from '~/features/lcs/mutations.server';
import { inviteToGroupRead, joinGroupRead } from '~/features/lcs/participants.server';
import { clearHtmlCache, listenForInvalidations } from '~/server/html-cache.server';
import type { Viewer } from '~/server/viewer.server';
import { useTestDatabase } from '../../test/db';
import { createEdition, createUser, getRequest, testViewer, type TestUser } from '../../test/factories';
import { lcInput } from '../../test/lc-fixtures';
import { block, suspend } from '../../test/reading-factories';
import { dropped, visit, type Page } from '../../test/page-cache';
import { call } from '../../test/routes';
import * as edition from './ed.$id';

useTestDatabase();

const verified = (user: TestUser): Viewer => ({ ...testViewer(user), emailVerified: true });
type EditionData = { data: { groupReads: { title: string }[] }; init: { headers: HeadersInit } };
const titles = async (id: string, cookie?: string) =>
  ((await call(edition.loader, getRequest(`/ed/${id}`, cookie), { id })) as EditionData).data.groupReads.map((lc) => lc.title);

describe('/ed/{id}: LCs lendo este livro', () => {
  beforeEach(async () => {
    clearHtmlCache();
    await listenForInvalidations();
  });

  it('lists the open and running LCs reading the edition that the viewer may see, never an ended one', async () => {
    const [host, invited] = await Promise.all([createUser({ verified: true }), createUser({ verified: true })]);
    const book = await createEdition({ title: 'Quarto de despejo', authors: ['Carolina Maria de Jesus'], pages: 300 });
    const books = { editions: [{ editionId: book, pages: null }] };
    const lc = async (title: string, extra: Parameters<typeof lcInput>[0] = {}) =>
      createGroupRead(verified(host), await lcInput({ title, ...books, ...extra }));
    await lc('LC aberta');
    const running = await lc('LC em andamento');
    await shiftGroupReadSchedule(verified(host), running.id, -5);
    const ended = await lc('LC encerrada');
    await closeGroupReadEarly(verified(host), ended.id);
    const secret = await lc('LC secreta', { visibility: 'privado' });
    await inviteToGroupRead(verified(host), secret.id, invited.username);
    await joinGroupRead(verified(invited), secret.id);
    await lc('LC de outro livro', { editions: [{ editionId: await createEdition({ title: 'Outro', authors: ['Alguém'], pages: 300 }), pages: null }] });

    expect(await titles(book)).toEqual(['LC em andamento', 'LC aberta']);
    expect(await titles(book, invited.cookie)).toEqual(['LC em andamento', 'LC aberta', 'LC secreta']);
    expect(await titles(book, (await createUser()).cookie)).toEqual(['LC em andamento', 'LC aberta']);
    const visitorPage = (await call(edition.loader, getRequest(`/ed/${book}`), { id: book })) as EditionData;
    expect(new Headers(visitorPage.init.headers).get('X-Cache-Tags')).toContain(`reader:${host.id}`);
    // As on /lcs: a host in a block with the viewer, or suspended, takes their LCs off the list.
    await block(invited.id, host.id);
    expect(await titles(book, invited.cookie)).toEqual([]);
    await suspend(host.id);
    expect(await titles(book)).toEqual([]);
  });

  it('leaves out what the viewer may not see before taking its first rows: many hidden LCs starting first never hide a public one', async () => {
    const [host, stranger] = await Promise.all([createUser({ verified: true }), createUser({ verified: true })]);
    const book = await createEdition({ title: 'Grande sertão: veredas', authors: ['João Guimarães Rosa'], pages: 600 });
    const books = { editions: [{ editionId: book, pages: null }] };
    const secret = await createGroupRead(verified(host), await lcInput({ title: 'LC secreta', visibility: 'privado', ...books }));
    const open = await createGroupRead(verified(host), await lcInput({ title: 'LC aberta', ...books }));
    await shiftGroupReadSchedule(verified(host), open.id, 5);
    // Sixty more private LCs of the book, all starting before the public one.
    await getDb().execute(sql`INSERT INTO group_reads (id, slug, title, host_user_id, starts_on, ends_on, visibility)
      SELECT 'lc-oculta-' || i, 'lc-oculta-' || i, 'LC oculta', host_user_id, starts_on, ends_on, 'privado'
      FROM group_reads, generate_series(1, 60) i WHERE id = ${secret.id}`);
    await getDb().execute(
      sql`INSERT INTO group_read_editions (group_read_id, edition_id, position) SELECT 'lc-oculta-' || i, ${book}, 0 FROM generate_series(1, 60) i`,
    );
    expect(await titles(book, stranger.cookie)).toEqual(['LC aberta']);
    expect(await titles(book)).toEqual(['LC aberta']);
    expect((await titles(book, host.cookie)).length).toBe(EDITION_GROUP_READS_MAX);
  });

  it("lists a private club's public LC (one made public before the club went private) as the club's: to its members only", async () => {
    const [owner, member] = await Promise.all([createUser({ verified: true }), createUser({ verified: true })]);
    const book = await createEdition({ title: 'Vidas secas', authors: ['Graciliano Ramos'], pages: 300 });
    const club = await createClub(verified(owner), { name: 'Clube do Sertão', description: '', visibility: 'aberto', categories: [] });
    await joinClub(verified(member), club.id);
    const books = { editions: [{ editionId: book, pages: null }] };
    await createGroupRead(verified(owner), await lcInput({ title: 'LC pública do clube', hostClubId: club.id, ...books }));
    await createGroupRead(verified(owner), await lcInput({ title: 'LC do clube', hostClubId: club.id, visibility: 'clube', ...books }));
    expect(await titles(book)).toEqual(['LC pública do clube']);
    // Written straight to the table, as a club gone private before its LCs followed it would have left them.
    await getDb().update(clubs).set({ visibility: 'privado' }).where(eq(clubs.id, club.id));
    expect(await titles(book)).toEqual([]);
    expect(await titles(book, (await createUser()).cookie)).toEqual([]);
    expect(await titles(book, member.cookie)).toEqual(['LC pública do clube', 'LC do clube']);
  });

  it("drops the visitors' cached edition page when an LC starts reading it, changes visibility, dates or closes, or goes", async () => {
    const host = await createUser({ verified: true });
    const book = await createEdition({ title: 'Torto Arado 2', authors: ['Itamar Vieira Junior'], pages: 264 });
    const page: Page = { url: new URL(`http://localhost:3000/ed/${book}`), route: edition, params: { id: book } };
    expect(await visit(page)).toContain('"groupReads":[]');

    const lc = await createGroupRead(verified(host), await lcInput({ title: 'LC do Torto', editions: [{ editionId: book, pages: null }] }));
    await dropped(page);
    expect(await visit(page)).toContain('LC do Torto');

    await updateGroupReadSettings(verified(host), lc.id, { title: 'LC do Torto', slug: lc.slug, description: '', visibility: 'privado', participantCap: null });
    await dropped(page);
    expect(await visit(page)).toContain('"groupReads":[]');

    await getDb().update(groupReads).set({ visibility: 'publico' }).where(eq(groupReads.id, lc.id));
    await dropped(page);
    await visit(page);
    await shiftGroupReadSchedule(verified(host), lc.id, 2);
    await dropped(page);
    await visit(page);
    await closeGroupReadEarly(verified(host), lc.id);
    await dropped(page);
    expect(await visit(page)).toContain('"groupReads":[]');

    // The LC's deletion (its host's account going) takes its books' rows with it.
    const other = await createGroupRead(verified(host), await lcInput({ title: 'Outra LC', editions: [{ editionId: book, pages: null }] }));
    await dropped(page);
    expect(await visit(page)).toContain('Outra LC');
    await getDb().delete(groupReads).where(eq(groupReads.id, other.id));
    await dropped(page);
  });
});
