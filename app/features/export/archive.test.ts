import { createClub } from '~/features/clubs/mutations.server';
import { createFocusRoom } from '~/features/focus/rooms/mutations.server';
import { createGroupRead } from '~/features/lcs/mutations.server';
import { joinGroupRead } from '~/features/lcs/participants.server';
import { addMaterialFile } from '~/features/lcs/materials/materials.server';
import { eq, sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import { getDb, queryRows } from '~/db/client.server';
import { archives, changeRequests, marathonTeams } from '~/db/schema';
import { linkEdition, updateLink } from '~/features/marathons/board.server';
import { acceptMarathonNotice, createMarathon, joinMarathon } from '~/features/marathons/mutations.server';
import { todayIn } from '~/lib/calendar';
import { changeAvatar } from '~/features/accounts/mutations.server';
import { READER_REFERENCES } from '~/features/accounts/reader-references';
import { addComment, postAtt, toggleReaction } from '~/features/atts/mutations.server';
import { setShelfStatus } from '~/features/reading/shelves/mutations.server';
import { logProgress } from '~/features/reading/progress/progress.server';
import { publishReview, saveReviewDraft } from '~/features/reading/reviews/reviews.server';
import { addToShelf, createShelf } from '~/features/reading/shelves/custom-shelves.server';
import { followReader } from '~/features/social/follows.server';
import { blockReader } from '~/features/social/blocks.server';
import { createReport } from '~/features/moderation/mutations.server';
import { hideWhisper, sendWhisper, whisperTo } from '~/features/whispers/mutations.server';
import { setReadingGoal } from '~/features/reading/goals/goals.server';
import { storeProposedCover } from '~/features/curation/cover-storage.server';
import { newId } from '~/lib/ids';
import { getStorage } from '~/integrations/storage/storage.server';
import { runJobsOnce } from '~/server/jobs.server';
import type { Viewer } from '~/server/viewer.server';
import { useTestDatabase } from '../../../test/db';
import { createEdition, createUser, getRequest, testViewer, type TestUser } from '../../../test/factories';
import { lcInput } from '../../../test/lc-fixtures';
import { marathonInput } from '../../../test/marathon-fixtures';
import { call, statusOf } from '../../../test/routes';
import * as download from '../../routes/configuracoes.exportar.arquivo.$id';
import { hashOverlayToken } from '~/features/overlays/access.server';
import { issueOverlayToken, saveOverlayLook } from '~/features/overlays/mutations.server';
import { DEFAULT_LOOKS } from '~/features/overlays/settings';
import { archiveData, expireExportFiles, listExportFiles, readExportFile, requestExportFile } from './archive.server';
import { receiveUnsprintBatch } from '~/features/unsprint/credits.server';

useTestDatabase();

const verified = (user: TestUser): Viewer => ({ ...testViewer(user), emailVerified: true });
const picture = (format: 'png' | 'jpeg') =>
  sharp({ create: { width: 200, height: 150, channels: 3, background: '#1D4E7A' } })
    [format]()
    .toBuffer();

/** A 64×48 JPEG, as a whisper's image is uploaded. */
const whisperPhoto = async (background: string) =>
  new File(
    [
      new Uint8Array(
        await sharp({ create: { width: 64, height: 48, channels: 3, background } })
          .jpeg()
          .toBuffer(),
      ),
    ],
    'foto.jpg',
    { type: 'image/jpeg' },
  );

async function zipOf(viewer: Viewer, id: string): Promise<Record<string, Uint8Array>> {
  const ready = await readExportFile(viewer, id);
  if (!ready?.file.body) throw new Error('no archive');
  return unzipSync(new Uint8Array(await new Response(ready.file.body).arrayBuffer()));
}

describe('full archive', () => {
  it('has a place in data.json for every reader reference that is not excluded with a reason', async () => {
    const reader = await createUser();
    const { data } = await archiveData(reader.id);
    const named = new Set(Object.values(READER_REFERENCES).flatMap((r) => (typeof r.archive === 'string' ? [r.archive] : [])));
    // Every section the list names is in the file, and the file has nothing the list does not account for.
    expect(Object.keys(data).sort()).toEqual([...named, 'exportedAt', 'format', 'profile', 'version'].sort());
    for (const r of Object.values(READER_REFERENCES)) if (typeof r.archive !== 'string') expect(r.archive.excluded.length).toBeGreaterThan(10);
  });

  it('holds everything the reader owns, images beside data.json, built by a job, theirs only, one a day, gone when it expires', async () => {
    const [readerUser, friendUser] = await Promise.all([createUser({ verified: true }), createUser({ verified: true })]);
    const reader = verified(readerUser);
    const friend = verified(friendUser);
    const editionId = await createEdition({ title: 'Torto Arado', authors: ['Itamar Vieira Junior'], isbn: '9786580309313', pages: 264 });
    await changeAvatar(reader, new File([new Uint8Array(await picture('png'))], 'eu.png', { type: 'image/png' }));
    await setShelfStatus(reader, editionId, 'reading');
    await logProgress(reader, editionId, { value: 120, unit: 'page', comment: 'Que capítulo!', emotion: null, spoiler: false });
    await setShelfStatus(reader, editionId, 'read');
    await getDb().execute(sql`UPDATE shelf_entries SET notes = 'Emprestar para a Bia', rating_quarters = 17 WHERE user_id = ${readerUser.id}`);
    await publishReview(reader, editionId, { body: 'Bibiana e Belonísia.', spoiler: false, visibility: 'publico' });
    await saveReviewDraft(reader, editionId, { body: 'Uma versão mais longa…', spoiler: true, visibility: 'seguidores' });
    const shelfId = await createShelf(reader, { name: 'Brasileiros', description: '', visibility: 'publico' });
    await addToShelf(reader, shelfId, { editionId });
    const attId = await postAtt(reader, {
      editionId,
      kind: 'finished',
      text: 'Terminei!',
      spoiler: false,
      visibility: 'publico',
      images: [new Blob([new Uint8Array(await picture('jpeg'))], { type: 'image/jpeg' })],
    });
    await setShelfStatus(friend, editionId, 'read');
    const friendsAtt = await postAtt(friend, { editionId, kind: 'finished', text: 'Também li.', spoiler: false, visibility: 'publico', images: [] });
    await addComment(reader, friendsAtt, 'Que bom!');
    await toggleReaction(reader, friendsAtt, 'heart');
    await followReader(reader, friendUser.id);
    // One of everything else the list names, so every section of data.json has something to carry.
    const stranger = await createUser();
    await followReader(friend, readerUser.id);
    await blockReader(reader, stranger.id);
    await setReadingGoal(reader, 2026, { books: 30, pages: null });
    await getDb().execute(sql`INSERT INTO notification_settings (user_id, type, in_app, email) VALUES (${readerUser.id}, 'comment', true, true)`);
    await getDb().execute(
      sql`INSERT INTO author_follows (user_id, author_id) SELECT ${readerUser.id}, wa.author_id FROM work_authors wa JOIN editions e ON e.work_id = wa.work_id WHERE e.id = ${editionId}`,
    );
    const collectionId = newId();
    await getDb().execute(sql`INSERT INTO collections (id, name) VALUES (${collectionId}, 'Coleção Vaga-lume')`);
    await getDb().execute(sql`INSERT INTO collection_follows (user_id, collection_id) VALUES (${readerUser.id}, ${collectionId})`);
    const club = await createClub(reader, { name: 'Clube da Foca', description: '', visibility: 'aberto', categories: [] });
    const clubPostId = newId();
    await getDb().execute(
      sql`INSERT INTO club_posts (id, club_id, author_id, kind, title, body, visibility) VALUES (${clubPostId}, ${club.id}, ${readerUser.id}, 'post', 'Boas-vindas', 'Oi, gente!', 'publico')`,
    );
    await getDb().execute(
      sql`INSERT INTO club_post_comments (id, post_id, author_id, body) VALUES (${newId()}, ${clubPostId}, ${readerUser.id}, 'Eu de novo.')`,
    );
    await getDb().execute(sql`INSERT INTO club_post_reactions (post_id, user_id, kind) VALUES (${clubPostId}, ${readerUser.id}, 'heart')`);
    await createReport(reader, { kind: 'user', target: stranger.id, reason: 'spam', details: 'Só propaganda.' });
    // The friend's LC reads the book the reader already finished: joining leaves it where it is on their bookshelf.
    const books = { editions: [{ editionId, pages: null }] };
    const hosted = await createGroupRead(reader, await lcInput({ title: 'LC da Bia', ...books }));
    const friendsLc = await createGroupRead(friend, await lcInput({ title: 'LC do amigo', ...books }));
    await joinGroupRead(reader, friendsLc.id);
    await getDb().execute(sql`INSERT INTO group_read_comments (id, group_read_id, stage_id, author_id, body)
      SELECT ${newId()}, s.group_read_id, s.id, ${readerUser.id}, 'Que capítulo!' FROM group_read_stages s WHERE s.group_read_id = ${friendsLc.id} AND s.position = 0`);
    await getDb().execute(sql`INSERT INTO group_read_stage_marks (stage_id, user_id, kind)
      SELECT s.id, ${readerUser.id}, 'revealed' FROM group_read_stages s WHERE s.group_read_id = ${friendsLc.id} AND s.position = 1`);
    await addMaterialFile(reader, hosted.id, 'Guia', new File([Buffer.from('%PDF-1.4 guia de leitura')], 'guia.pdf', { type: 'application/pdf' }));
    // The reader organises a marathon and takes part in the friend's.
    await acceptMarathonNotice(reader);
    await acceptMarathonNotice(friend);
    const organized = await createMarathon(reader, marathonInput({ name: 'Maratona da Bia' }));
    const friendsMarathon = await createMarathon(
      friend,
      marathonInput({ name: 'Maratona do amigo', mode: 'teams', groups: [{ name: 'Norte' }, { name: 'Sul' }], startsOn: todayIn('America/Sao_Paulo') }),
    );
    const [north] = await getDb()
      .select({ id: marathonTeams.id })
      .from(marathonTeams)
      .where(eq(marathonTeams.marathonId, friendsMarathon.id))
      .orderBy(marathonTeams.position);
    await joinMarathon(reader, friendsMarathon.id, north!.id);
    // On their board there, the finished book is linked to the reading challenge and marked complete.
    const [reading] = await queryRows<{ id: string }>(sql`SELECT id FROM marathon_challenges WHERE marathon_id = ${friendsMarathon.id} AND kind = 'leitura'`);
    await linkEdition(reader, friendsMarathon.id, reading!.id, editionId);
    const [link] = await queryRows<{ id: string }>(sql`SELECT id FROM marathon_challenge_links WHERE challenge_id = ${reading!.id}`);
    await updateLink(reader, friendsMarathon.id, link!.id, { progress: 100, complete: true, rating: 4.5, comment: 'Que livro!', markedOn: null });
    // A focus session the reader finished with the book (the clock is the server's: written as it closed).
    await getDb()
      .execute(sql`INSERT INTO focus_sessions (id, user_id, edition_id, planned_minutes, status, started_at, ends_at, finished_at, credited_minutes, credited_on, progress_value, progress_unit)
      VALUES (${newId()}, ${readerUser.id}, ${editionId}, 25, 'finished', now() - interval '30 minutes', now() - interval '5 minutes', now(), 25, current_date, 120, 'page')`);
    // A focus room the reader hosts (they are its first member), with the book they bring to its sprints.
    const room = await createFocusRoom(reader, { name: 'Sala do Torto Arado', visibility: 'private' });
    await getDb().execute(sql`UPDATE focus_room_members SET edition_id = ${editionId} WHERE room_id = ${room.id}`);
    // The reading challenge done gave a foca egg (once); here it has hatched into a named pet that reached level 2.
    const [egg] = await queryRows<{ id: string }>(sql`SELECT id FROM focus_eggs WHERE user_id = ${readerUser.id} AND source = 'challenge'`);
    const petId = newId();
    await getDb().execute(sql`UPDATE focus_eggs SET hatched_at = now() WHERE id = ${egg!.id}`);
    await getDb().execute(
      sql`INSERT INTO focus_pets (id, user_id, egg_id, species, name, xp, companion) VALUES (${petId}, ${readerUser.id}, ${egg!.id}, 'foca-harpa', 'Capitu', 60, true)`,
    );
    await getDb().execute(sql`INSERT INTO focus_events (id, user_id, kind, pet_id, level) VALUES (${newId()}, ${readerUser.id}, 'level_up', ${petId}, 2)`);
    // PRODUCT.md §D: the whispers the reader sent — one they deleted for themselves too (the other still has it) — and
    // never the other reader's words.
    const { conversationId } = await whisperTo(reader, friendUser.id, { clientId: newId(), body: 'Já leu Torto Arado?' });
    await sendWhisper(friend, conversationId, { clientId: newId(), body: 'Li, amei a Belonísia.', images: [await whisperPhoto('#B84A2E')] });
    await sendWhisper(reader, conversationId, { clientId: newId(), body: 'Spoiler apagado', images: [await whisperPhoto('#1D4E7A')] });
    const [hidden] = await queryRows<{ id: string }>(sql`SELECT id FROM whisper_messages WHERE body = 'Spoiler apagado'`);
    await hideWhisper(reader, conversationId, hidden!.id);
    // The unSprint sprints credited to the reader, and what the reader's bot sent as a streamer (decision 0093).
    const sprint = crypto.randomUUID();
    await receiveUnsprintBatch({ readerId: readerUser.id, twitch: { userId: '424242', login: readerUser.username } }, [
      { username: readerUser.username, sprint, minutos: 15, evento: 'encerrar' },
    ]);
    await getDb().execute(sql`UPDATE unsprint_participations SET reader_id = ${readerUser.id}, credited_minutes = 15 WHERE sprint_id = ${sprint}`);
    // Decision 0092: the overlays' looks are the reader's; the token (a credential, kept only hashed) never leaves.
    await saveOverlayLook(reader, 'foca', { ...DEFAULT_LOOKS.foca, size: 'lg', cardColour: '#11161d', textColour: '#ffffff' });
    const overlayToken = await issueOverlayToken(reader);
    const coverRequest = newId();
    await getDb()
      .insert(changeRequests)
      .values({ id: coverRequest, code: 'SOL-CAPA01', kind: 'edition_cover', requesterId: readerUser.id, editionId, targetLabel: 'Torto Arado', changes: [] });
    await storeProposedCover(
      coverRequest,
      await sharp({ create: { width: 60, height: 90, channels: 3, background: '#B84A2E' } })
        .webp()
        .toBuffer(),
      'image/webp',
    );

    const id = await requestExportFile(reader);
    expect((await listExportFiles(reader)).archive.files).toMatchObject([{ id, status: 'pending' }]);
    expect(await readExportFile(reader, id)).toBeNull();
    // One a day: the second request says when the next one is possible.
    await expect(requestExportFile(reader)).rejects.toMatchObject({
      code: 'rate_limited',
      message: expect.stringContaining('O próximo pode ser pedido a partir de'),
    });
    while ((await runJobsOnce('teste')) > 0);

    const listed = await listExportFiles(reader);
    expect(listed.archive.files).toMatchObject([{ id, status: 'ready' }]);
    expect(listed.archive.nextAllowedAt).not.toBeNull();
    const files = await zipOf(reader, id);
    const data = JSON.parse(strFromU8(files['data.json']!)) as Record<string, unknown[]>;
    expect(data).toMatchObject({
      format: 'maratona',
      version: 1,
      profile: { username: readerUser.username, email: readerUser.email, avatar: 'imagens/avatar.webp' },
    });
    expect(data.bookshelf).toMatchObject([
      {
        edition: { id: editionId, title: 'Torto Arado', isbn13: '9786580309313', authors: ['Itamar Vieira Junior'] },
        status: 'read',
        rating: 4.25,
        privateNotes: 'Emprestar para a Bia',
        readThroughs: [{ finishedOn: expect.any(String), updates: [{ value: 120, unit: 'page', comment: 'Que capítulo!' }] }],
        review: { body: 'Bibiana e Belonísia.', draftBody: 'Uma versão mais longa…', draftSpoiler: true },
      },
    ]);
    expect(data.shelves).toMatchObject([{ name: 'Brasileiros', editions: [editionId] }]);
    expect(data.atts).toMatchObject([{ id: attId, text: 'Terminei!', images: [{ position: 1, path: `imagens/atts/${attId}-1.webp` }] }]);
    expect(data.comments).toMatchObject([{ attId: friendsAtt, text: 'Que bom!' }]);
    expect(data.reactions).toMatchObject([{ attId: friendsAtt, kind: 'heart' }]);
    expect(data.following).toMatchObject([{ username: friendUser.username, status: 'accepted' }]);
    expect(data.followers).toMatchObject([{ username: friendUser.username }]);
    expect(data.blocked).toMatchObject([{ username: stranger.username }]);
    expect(data.goals).toMatchObject([{ year: 2026, books: 30 }]);
    expect(data.collectionFollows).toMatchObject([{ collection: 'Coleção Vaga-lume' }]);
    expect(data.authorFollows).toMatchObject([{ author: 'Itamar Vieira Junior' }]);
    expect(data.clubs).toMatchObject([{ club: 'Clube da Foca', slug: 'clube-da-foca', role: 'owner', status: 'active' }]);
    expect(data.clubPosts).toMatchObject([{ club: 'clube-da-foca', title: 'Boas-vindas', body: 'Oi, gente!' }]);
    expect(data.groupReadsHosted).toMatchObject([
      {
        title: 'LC da Bia',
        slug: hosted.slug,
        schedule: [
          { from: 1, to: 132 },
          { from: 133, to: 264 },
        ],
        materials: [
          { kind: 'link', title: 'Playlist', url: 'https://exemplo.com.br/playlist' },
          { kind: 'file', title: 'Guia', file: expect.stringMatching(new RegExp(`^arquivos/lcs/${hosted.slug}/[A-Za-z0-9_-]+\\.pdf$`)) },
        ],
      },
    ]);
    const guide = (data.groupReadsHosted as { materials: { file?: string }[] }[])[0]!.materials[1]!.file!;
    expect(strFromU8(files[guide]!)).toBe('%PDF-1.4 guia de leitura');
    expect(data.groupReads).toMatchObject([{ title: 'LC do amigo', status: 'active' }]);
    expect(data.groupReadComments).toMatchObject([{ groupRead: friendsLc.slug, stage: 1, body: 'Que capítulo!', replyTo: null }]);
    expect(data.groupReadStageMarks).toMatchObject([{ groupRead: friendsLc.slug, stage: 2, kind: 'revealed' }]);
    expect(data.marathonsOrganized).toMatchObject([
      {
        name: 'Maratona da Bia',
        slug: organized.slug,
        categories: [{ name: 'Clássicos', challenges: [{ kind: 'leitura', points: 3 }, { kind: 'atividade' }] }],
      },
    ]);
    expect(data.marathons).toMatchObject([{ name: 'Maratona do amigo', status: 'active', team: 'Norte' }]);
    expect(data.marathonNotice).toMatchObject([{ acceptedAt: expect.any(String) }]);
    expect(data.marathons).toMatchObject([{ challengesDone: 1, points: 3 }]);
    expect(data.marathonChallengeLinks).toMatchObject([
      {
        marathon: friendsMarathon.slug,
        challenge: 'Leia um clássico brasileiro',
        complete: true,
        rating: 4.5,
        comment: 'Que livro!',
        edition: { id: editionId },
      },
    ]);
    expect(data.focusSessions).toMatchObject([
      { edition: { id: editionId }, plannedMinutes: 25, status: 'finished', creditedMinutes: 25, progressValue: 120, progressUnit: 'page' },
    ]);
    expect(data.focusRoomsHosted).toMatchObject([{ name: 'Sala do Torto Arado', visibility: 'private', code: expect.stringMatching(/^[2-9A-Z]{8}$/) }]);
    expect(data.focusRooms).toMatchObject([{ room: 'Sala do Torto Arado', edition: { id: editionId } }]);
    expect(data.focusEggs).toMatchObject([{ source: 'challenge', hatchedAt: expect.any(String) }]);
    expect(data.overlaySettings).toMatchObject([{ overlay: 'foca', size: 'lg', cardColour: '#11161d', textColour: '#ffffff', showPetName: true }]);
    expect(strFromU8(files['data.json']!)).not.toContain(overlayToken);
    expect(strFromU8(files['data.json']!)).not.toContain(hashOverlayToken(overlayToken));
    expect(data.focusPets).toMatchObject([{ id: petId, species: 'foca-harpa', name: 'Capitu', xp: 60, companion: true }]);
    const events = data.focusEvents as { kind: string; task: string | null }[];
    expect(events.filter((event) => event.kind !== 'task_completed')).toMatchObject([{ kind: 'egg_received' }, { kind: 'level_up', pet: petId, level: 2 }]);
    // The challenge done completed "Complete um desafio" (decision 0085): its log line and its progress.
    expect(events).toContainEqual(expect.objectContaining({ kind: 'task_completed', task: 'completar-desafio' }));
    expect(data.taskProgress).toContainEqual(expect.objectContaining({ task: 'completar-desafio', progress: 1, target: 1, completedAt: expect.any(String) }));
    expect(data.whispers).toMatchObject([
      {
        with: friendUser.username,
        startedAt: expect.any(String),
        messages: [
          { body: 'Já leu Torto Arado?', sentAt: expect.any(String), images: [] },
          // Decision 0089: the images the reader sent are theirs, in the zip; the friend's are not.
          {
            body: 'Spoiler apagado',
            sentAt: expect.any(String),
            images: [{ position: 1, width: 64, height: 48, path: expect.stringMatching(/^imagens\/sussurros\/.+-1\.webp$/) }],
          },
        ],
      },
    ]);
    expect((data.whispers as { messages: unknown[] }[])[0]?.messages).toHaveLength(2);
    expect(JSON.stringify(data)).not.toContain('Li, amei a Belonísia.');
    const whisperPath = (data.whispers as { messages: { images: { path: string }[] }[] }[])[0]!.messages[1]!.images[0]!.path;
    expect((await sharp(Buffer.from(files[whisperPath]!)).metadata()).format).toBe('webp');
    expect(Object.keys(files).filter((path) => path.startsWith('imagens/sussurros/'))).toEqual([whisperPath]);
    expect(data.marathonChallengeCompletions).toMatchObject([{ marathon: friendsMarathon.slug, challenge: 'Leia um clássico brasileiro' }]);
    expect(data.reports).toMatchObject([{ kind: 'user', reason: 'spam', details: 'Só propaganda.' }]);
    expect(data.changeRequests).toMatchObject([{ code: 'SOL-CAPA01', cover: 'imagens/capas-propostas/SOL-CAPA01.webp' }]);
    expect(files['imagens/capas-propostas/SOL-CAPA01.webp']?.length).toBeGreaterThan(0);
    // Every section the list names carries something here: an empty or swapped section would show.
    for (const [ref, { archive }] of Object.entries(READER_REFERENCES)) {
      if (typeof archive === 'string') expect({ ref, rows: (data[archive] as unknown[]).length > 0 }).toEqual({ ref, rows: true });
    }
    // The images are the stored files, byte for byte; the friend's things are not in it.
    const [image] = await queryRows<{ storage_key: string }>(sql`SELECT storage_key FROM att_images WHERE att_id = ${attId}`);
    const stored = await getStorage().get(image?.storage_key ?? '');
    expect(Buffer.from(files[`imagens/atts/${attId}-1.webp`]!)).toEqual(Buffer.from(await new Response(stored?.body).arrayBuffer()));
    expect(files['imagens/avatar.webp']?.length).toBeGreaterThan(0);
    expect(strFromU8(files['data.json']!)).not.toContain('Também li.');

    // Someone else's archive answers 404 at its address; its reader gets the zip, never cached.
    expect(await readExportFile(friend, id)).toBeNull();
    expect(await statusOf(call(download.loader, getRequest(`/configuracoes/exportar/arquivo/${id}`, friendUser.cookie), { id }))).toBe(404);
    expect(await statusOf(call(download.loader, getRequest(`/configuracoes/exportar/arquivo/${id}`), { id }))).toBe(302);
    const response = (await call(download.loader, getRequest(`/configuracoes/exportar/arquivo/${id}`, readerUser.cookie), { id })) as Response;
    expect(response.headers.get('Cache-Control')).toBe('private, no-store');
    expect(response.headers.get('Content-Type')).toBe('application/zip');
    expect(response.headers.get('Content-Disposition')).toMatch(
      new RegExp(`^attachment; filename="maratona-${readerUser.username}-\\d{4}-\\d{2}-\\d{2}\\.zip"$`),
    );

    // After its days, the file and its row are gone, and the address answers 404.
    const [row] = await getDb().select({ key: archives.storageKey }).from(archives).where(eq(archives.id, id));
    expect(await expireExportFiles(new Date(Date.now() + 8 * 86_400_000))).toBe(1);
    expect(await getStorage().get(row?.key ?? '')).toBeNull();
    expect(await getDb().select().from(archives).where(eq(archives.id, id))).toEqual([]);
    expect(await readExportFile(reader, id)).toBeNull();
  });

  it('marks the archive failed after its last attempt, and lets the reader ask again at once, as after a lost worker', async () => {
    const reader = testViewer(await createUser());
    const id = await requestExportFile(reader);
    const put = vi.spyOn(getStorage(), 'put').mockRejectedValue(new Error('disco cheio'));
    try {
      for (let attempt = 0; attempt < 3; attempt++) {
        await getDb().execute(sql`UPDATE jobs SET run_at = now() WHERE kind = 'export.archive'`);
        await runJobsOnce('teste');
      }
    } finally {
      put.mockRestore();
    }
    expect((await listExportFiles(reader)).archive.files).toMatchObject([{ id, status: 'failed' }]);
    expect((await listExportFiles(reader)).archive.nextAllowedAt).toBeNull();
    const again = await requestExportFile(reader);

    // A request whose worker died an hour ago counts as failed too.
    await getDb()
      .update(archives)
      .set({ createdAt: new Date(Date.now() - 2 * 3_600_000) })
      .where(eq(archives.id, again));
    expect((await listExportFiles(reader)).archive.files.find((a) => a.id === again)).toMatchObject({ status: 'failed' });
    await expect(requestExportFile(reader)).resolves.toEqual(expect.any(String));
    // Two clicks at once still make one request.
    const other = testViewer(await createUser());
    const results = await Promise.allSettled([requestExportFile(other), requestExportFile(other)]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
  });
});
