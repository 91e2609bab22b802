import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { getDb, queryRows } from '~/db/client.server';
import { authAccounts, changeRequests, outboxEmails, reports, users } from '~/db/schema';
import { addComment, postAtt, toggleReaction } from '~/features/atts/mutations.server';
import { getAtt } from '~/features/atts/queries.server';
import { actOnReport, createReport } from '~/features/moderation/mutations.server';
import { setShelfStatus } from '~/features/reading/shelves/mutations.server';
import { publishReview } from '~/features/reading/reviews/reviews.server';
import { createShelf } from '~/features/reading/shelves/custom-shelves.server';
import { blockReader } from '~/features/social/blocks.server';
import { sendWhisper, whisperTo } from '~/features/whispers/mutations.server';
import { getThread, listConversations } from '~/features/whispers/queries.server';
import { followReader } from '~/features/social/follows.server';
import { getStorage } from '~/integrations/storage/storage.server';
import { newId } from '~/lib/ids';
import { requestExportFile } from '~/features/export/archive.server';
import { sendEmail } from '~/server/email.server';
import { runJobsOnce } from '~/server/jobs.server';
import { hitRateLimit } from '~/server/rate-limit.server';
import { getViewer, type Viewer } from '~/server/viewer.server';
import { useTestDatabase } from '../../../test/db';
import { createEdition, createUser, formRequest, getRequest, testViewer, type TestUser } from '../../../test/factories';
import { deleteAccount } from './deletion.server';
import { READER_REFERENCES } from './reader-references';
import { changeAvatar, requestPasswordReset, signIn } from './mutations.server';
import { routeArgs } from '../../../test/routes';

useTestDatabase();

const verified = (user: TestUser): Viewer => ({ ...testViewer(user), emailVerified: true });
const png = () =>
  sharp({ create: { width: 64, height: 64, channels: 3, background: '#1D4E7A' } })
    .png()
    .toBuffer();
const jpeg = async () =>
  new Blob(
    [
      new Uint8Array(
        await sharp({ create: { width: 400, height: 300, channels: 3, background: '#B84A2E' } })
          .jpeg()
          .toBuffer(),
      ),
    ],
    { type: 'image/jpeg' },
  );
const deleting = (user: TestUser, fields: { username: string; password: string }) =>
  deleteAccount(testViewer(user), formRequest('/configuracoes/excluir', fields, { cookie: user.cookie }), fields);

/** Every (table, column, row) of text or JSON anywhere in the database where one of the needles appears. */
async function whereMentioned(needles: string[]): Promise<string[]> {
  const columns = await queryRows<{ table_name: string; column_name: string }>(sql`
    SELECT table_name, column_name FROM information_schema.columns
    WHERE table_schema = 'public' AND data_type IN ('text', 'character varying', 'jsonb', 'json', 'ARRAY')
      AND table_name NOT LIKE '\\_\\_%' ORDER BY table_name, column_name`);
  const found: string[] = [];
  for (const { table_name: table, column_name: column } of columns) {
    const conditions = sql.join(
      needles.map((n) => sql`lower(${sql.identifier(column)}::text) LIKE ${`%${n.toLowerCase()}%`}`),
      sql` OR `,
    );
    const [row] = await queryRows<{ n: number }>(sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)} WHERE ${conditions}`);
    if (row && row.n > 0) found.push(`${table}.${column}: ${row.n}`);
  }
  return found;
}

describe('account deletion', () => {
  it('has a decision for every foreign key to users, and the database does what the decision says', async () => {
    const keys = await queryRows<{ ref: string; on_delete: string }>(sql`
      SELECT c.conrelid::regclass::text || '.' || a.attname AS ref, c.confdeltype AS on_delete
      FROM pg_constraint c JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = ANY (c.conkey)
      WHERE c.contype = 'f' AND c.confrelid = 'users'::regclass ORDER BY 1`);
    const expected = Object.fromEntries(Object.entries(READER_REFERENCES).map(([ref, { onDelete }]) => [ref, onDelete === 'delete' ? 'c' : 'n']));
    // A new reference without a decision (or a stale decision for a column that went away) fails here.
    expect(Object.fromEntries(keys.map((k) => [k.ref, k.on_delete]))).toEqual(expected);
  });

  it('asks for the username and the password, in Portuguese next to the field, and deletes nothing until both are right', async () => {
    const reader = await createUser();
    await expect(deleting(reader, { username: 'outra_pessoa', password: reader.password })).rejects.toMatchObject({
      field: 'username',
      message: expect.stringContaining(reader.username),
    });
    await expect(deleting(reader, { username: reader.username, password: '' })).rejects.toMatchObject({
      field: 'password',
      message: 'Digite sua senha para confirmar.',
    });
    await expect(deleting(reader, { username: reader.username, password: 'senha-errada-123' })).rejects.toMatchObject({
      field: 'password',
      message: 'Senha incorreta.',
    });
    expect(await getDb().select({ id: users.id }).from(users).where(eq(users.id, reader.id))).toHaveLength(1);
    expect(await getViewer(routeArgs(getRequest('/home', reader.cookie)))).not.toBeNull();
    // "@name" and another case are the same username.
    await deleting(reader, { username: `@${reader.username.toUpperCase()}`, password: reader.password });
    expect(await getDb().select({ id: users.id }).from(users).where(eq(users.id, reader.id))).toHaveLength(0);
  });

  it('refuses a sixth wrong password within 15 minutes, so an open session is no faster way to guess it', async () => {
    const reader = await createUser();
    for (let i = 0; i < 5; i++) {
      await expect(deleting(reader, { username: reader.username, password: `errada-${i}-senha` })).rejects.toMatchObject({ code: 'wrong_password' });
    }
    await expect(deleting(reader, { username: reader.username, password: reader.password })).rejects.toMatchObject({
      code: 'rate_limited',
      message: expect.stringContaining('Muitas tentativas'),
    });
    expect(await getDb().select({ id: users.id }).from(users).where(eq(users.id, reader.id))).toHaveLength(1);
  });

  it('asks only for the username when the account has no password (signed up through a provider)', async () => {
    const reader = await createUser();
    await getDb().delete(authAccounts).where(eq(authAccounts.userId, reader.id));
    await deleting(reader, { username: reader.username, password: '' });
    expect(await getDb().select({ id: users.id }).from(users).where(eq(users.id, reader.id))).toHaveLength(0);
  });

  it('leaves no row that identifies the reader, keeps comments in others’ threads and catalogue contributions as “leitor removido”, and removes the files', async () => {
    const [goneUser, friendUser, otherUser] = await Promise.all([createUser({ verified: true }), createUser({ verified: true }), createUser()]);
    const gone = verified(goneUser);
    const friend = verified(friendUser);
    // The friend wants emails too: the jobs below write emails that name the reader who is leaving.
    await getDb().execute(
      sql`INSERT INTO notification_settings (user_id, type, in_app, email) SELECT ${friendUser.id}, t, true, true FROM unnest(ARRAY['new_follower', 'reaction', 'comment']) t ON CONFLICT DO NOTHING`,
    );
    const [mine, theirs] = await Promise.all([
      createEdition({ title: 'Torto Arado', authors: ['Itamar Vieira Junior'] }),
      createEdition({ title: 'Vidas Secas', authors: ['Graciliano Ramos'] }),
    ]);

    // Everything a reader leaves around the site.
    const avatarUrl = await changeAvatar(gone, new File([new Uint8Array(await png())], 'eu.png', { type: 'image/png' }));
    await setShelfStatus(gone, mine, 'read');
    await publishReview(gone, mine, { body: 'Um livro enorme.', spoiler: false, visibility: 'publico' });
    const myAtt = await postAtt(gone, { editionId: mine, kind: 'finished', text: 'Terminei!', spoiler: false, visibility: 'publico', images: [await jpeg()] });
    const [photo] = await queryRows<{ storage_key: string }>(sql`SELECT storage_key FROM att_images WHERE att_id = ${myAtt}`);
    await addComment(friend, myAtt, 'Que bom que gostou!');
    await createShelf(gone, { name: 'Favoritos da vida', description: 'Os que eu releio', visibility: 'publico' });
    await setShelfStatus(friend, theirs, 'read');
    const friendsAtt = await postAtt(friend, { editionId: theirs, kind: 'finished', text: 'Acabei hoje.', spoiler: false, visibility: 'publico', images: [] });
    const comment = await addComment(gone, friendsAtt, 'Esse é dos bons.');
    await createReport(testViewer(otherUser), { kind: 'att_comment', target: comment, reason: 'spam', details: '' });
    await toggleReaction(gone, friendsAtt, 'heart');
    await followReader(gone, friendUser.id);
    await followReader(friend, goneUser.id);
    await blockReader(gone, otherUser.id);
    await createReport(gone, { kind: 'user', target: otherUser.id, reason: 'spam', details: 'Só propaganda.' });
    // A conversation the friend started; the reader who leaves answered in it, unread by the friend.
    const { conversationId } = await whisperTo(friend, goneUser.id, { clientId: newId(), body: 'Oi, tudo bem?' });
    await sendWhisper(gone, conversationId, { clientId: newId(), body: `Tudo! Aqui é @${goneUser.username}.`, images: [await jpeg()] });
    const [whisperImage] = await queryRows<{ storage_key: string }>(sql`SELECT storage_key FROM whisper_images`);
    await getDb()
      .insert(changeRequests)
      .values({ id: newId(), code: 'SOL-ABC123', kind: 'edition_edit', requesterId: goneUser.id, editionId: theirs, targetLabel: 'Vidas Secas', changes: [] });
    await hitRateLimit({ name: 'atts', limit: 60, windowSeconds: 3600 }, goneUser.id);
    await signIn(getRequest('/'), { identifier: goneUser.username, password: goneUser.password });
    await requestPasswordReset(getRequest('/'), goneUser.email);
    await sendEmail({ to: goneUser.email, subject: 'Olá', text: `Olá, ${goneUser.username}` });
    const notificationsOfFriend = await queryRows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM notifications WHERE user_id = ${friendUser.id} AND actor_id = ${goneUser.id}`,
    );
    expect(notificationsOfFriend[0]?.n).toBe(3); // the follow, the reaction and the comment
    const needles = [goneUser.id, goneUser.username, goneUser.email];
    expect((await whereMentioned(needles)).length).toBeGreaterThan(15);

    // Their full archive is built, and the jobs run: the friend is e-mailed about the follow, reaction and comment.
    await requestExportFile(gone);
    while ((await runJobsOnce('teste')) > 0);
    expect(
      await queryRows(sql`SELECT count(*)::int AS n FROM outbox_emails WHERE "to" = ${friendUser.email} AND text LIKE ${`%@${goneUser.username} %`}`),
    ).toEqual([{ n: 3 }]);
    const [archive] = await queryRows<{ storage_key: string }>(sql`SELECT storage_key FROM archives WHERE user_id = ${goneUser.id}`);
    expect(await getStorage().get(archive?.storage_key ?? '')).not.toBeNull();
    // The files exist before, so their absence after proves something.
    expect(await getStorage().get(photo?.storage_key ?? '')).not.toBeNull();
    expect(await getStorage().get(whisperImage?.storage_key ?? '')).not.toBeNull();
    expect(await getStorage().get(avatarUrl.slice('/arquivos/'.length))).not.toBeNull();
    const headers = await deleting(goneUser, { username: goneUser.username, password: goneUser.password });

    // Signed out here (the cookie is cleared) and everywhere (no session is left to present).
    expect(headers.getSetCookie().some((c) => /session_token=;/.test(c) || /Max-Age=0/i.test(c))).toBe(true);
    expect(await getViewer(routeArgs(getRequest('/home', goneUser.cookie)))).toBeNull();

    // Only the confirmation email names them: the outbox must hold it to deliver it.
    const [confirmation, ...others] = await getDb().select().from(outboxEmails).where(eq(outboxEmails.to, goneUser.email));
    expect(others).toEqual([]);
    expect(confirmation?.subject).toBe('Sua conta no Maratona foi excluída');
    await getDb()
      .delete(outboxEmails)
      .where(eq(outboxEmails.id, confirmation?.id ?? ''));
    expect(await whereMentioned(needles)).toEqual([]);
    // Checked after the search: a sign-in attempt counts against the name typed, whoever it was.
    await expect(signIn(getRequest('/'), { identifier: goneUser.username, password: goneUser.password })).rejects.toBeTruthy();

    // What others rely on stays, without an author.
    const thread = await getAtt(friend, friendsAtt);
    expect(thread?.comments.map((c) => ({ id: c.id, author: c.author, text: c.text }))).toEqual([{ id: comment, author: null, text: 'Esse é dos bons.' }]);
    expect(await queryRows(sql`SELECT requester_id FROM change_requests WHERE code = 'SOL-ABC123'`)).toEqual([{ requester_id: null }]);
    // A report of their comment stays in the queue: the comment can be hidden, its gone author not warned.
    const [report] = await getDb().select({ id: reports.id, author: reports.targetAuthorId }).from(reports).where(eq(reports.targetId, comment));
    expect(report?.author).toBeNull();
    const admin = testViewer(await createUser({ role: 'admin' }), 'admin');
    await expect(actOnReport(admin, { report: report?.id ?? '', intent: 'warn', note: 'Não faça isso.' })).rejects.toMatchObject({
      message: expect.stringContaining('excluiu a conta'),
    });
    await actOnReport(admin, { report: report?.id ?? '', intent: 'hide', note: '' });
    expect((await getAtt(friend, friendsAtt))?.comments).toEqual([]);
    // Their own att went, with the friend's comment on it, and so did the files.
    expect(await getAtt(friend, myAtt)).toBeNull();
    expect(await getStorage().get(photo?.storage_key ?? '')).toBeNull();
    // Their whispers' images too (decision 0089): rows and files.
    expect(await getStorage().get(whisperImage?.storage_key ?? '')).toBeNull();
    expect(await queryRows(sql`SELECT 1 FROM whisper_images`)).toEqual([]);
    expect(await getStorage().get(avatarUrl.slice('/arquivos/'.length))).toBeNull();
    expect(await getStorage().get(archive?.storage_key ?? '')).toBeNull();
    // The friend keeps the conversation with "leitor removido": their own message, a "mensagem removida" mark where the
    // reader's answer was (its text gone, found by whereMentioned above), nothing unread, no reply possible.
    expect(await listConversations(friend)).toMatchObject([
      { id: conversationId, counterpart: null, unread: 0, lastMessage: { body: '', removed: true, mine: false } },
    ]);
    expect(await getThread(friend, conversationId)).toMatchObject({
      counterpart: null,
      messages: [
        { body: 'Oi, tudo bem?', mine: true, removed: false },
        { body: '', mine: false, removed: true, read: false },
      ],
      unread: false,
      refusal: expect.stringContaining('excluiu a conta'),
    });
    // The friend's own things are untouched.
    expect(await queryRows(sql`SELECT count(*)::int AS n FROM atts WHERE author_id = ${friendUser.id}`)).toEqual([{ n: 1 }]);
    expect(await getViewer(routeArgs(getRequest('/home', friendUser.cookie)))).not.toBeNull();
  });
});
