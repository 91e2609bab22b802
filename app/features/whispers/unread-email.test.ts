import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '~/db/client.server';
import { saveNotificationSwitches, getNotificationSwitches } from '~/features/social/notification-settings.server';
import { newId } from '~/lib/ids';
import { runJobsOnce } from '~/server/jobs.server';
import type { Viewer } from '~/server/viewer.server';
import { useTestDatabase } from '../../../test/db';
import { createUser, testViewer } from '../../../test/factories';
import { block, suspend } from '../../../test/reading-factories';
import { markConversationRead, whisperTo } from './mutations.server';
import { UNREAD_EMAIL_JOB, sendUnreadEmail } from './unread-email.server';

useTestDatabase();

async function reader(): Promise<Viewer> {
  return { ...testViewer(await createUser({ verified: true })), emailVerified: true };
}
const say = (body: string) => ({ clientId: newId(), body });
const minutes = (n: number, from = new Date()) => new Date(from.getTime() + n * 60_000);

/** The unread e-mails a reader got (sign-up sends others). */
const unreadEmails = (to: Viewer) =>
  queryRows<{ to: string; subject: string; text: string }>(
    sql`SELECT "to", subject, text FROM outbox_emails WHERE subject LIKE '%sussurrou%' AND "to" = (SELECT email FROM users WHERE id = ${to.id})`,
  );
const looks = () =>
  queryRows<{ payload: { conversationId: string; recipientId: string }; runAt: string }>(
    sql`SELECT payload, to_json(run_at) #>> '{}' AS "runAt" FROM jobs WHERE kind = ${UNREAD_EMAIL_JOB} AND status = 'pending' ORDER BY run_at`,
  );
/** Moves the conversation's messages back in time (the clock the e-mail looks at), read marks and e-mails with them. */
const ageMessages = (conversationId: string, byMinutes: number) =>
  queryRows(sql`UPDATE whisper_messages SET created_at = created_at - make_interval(mins => ${byMinutes}) WHERE conversation_id = ${conversationId}`);

describe('the e-mail after a whisper stays unread 15 minutes', () => {
  it('e-mails once who whispered and the link, never the text, 15 minutes after, and once a day per conversation', async () => {
    const [ana, bia] = [await reader(), await reader()];
    const started = new Date();
    const { conversationId } = await whisperTo(ana, bia.id, say('Segredo: o final de Dom Casmurro.'));
    await whisperTo(ana, bia.id, say('Capitu traiu?'));
    // One look for a run of messages, 15 minutes after the first, for the recipient only.
    const [look, ...more] = await looks();
    expect(more).toEqual([]);
    expect(look!.payload).toEqual({ conversationId, recipientId: bia.id });
    expect(new Date(look!.runAt).getTime() - started.getTime()).toBeGreaterThanOrEqual(15 * 60_000 - 1000);
    expect(new Date(look!.runAt).getTime() - started.getTime()).toBeLessThan(16 * 60_000);

    // The clock from here: the messages at noon in São Paulo.
    const noon = new Date('2026-11-20T15:00:00Z');
    await queryRows(sql`UPDATE whisper_messages SET created_at = ${noon.toISOString()} WHERE conversation_id = ${conversationId}`);
    // Early: nothing yet, the look waits for the message's 15 minutes.
    expect(await sendUnreadEmail({ conversationId, recipientId: bia.id }, minutes(5, noon))).toBe('later');
    expect(await unreadEmails(bia)).toEqual([]);

    expect(await sendUnreadEmail({ conversationId, recipientId: bia.id }, minutes(16, noon))).toBe('sent');
    const [email, ...others] = await unreadEmails(bia);
    expect(others).toEqual([]);
    expect(email!.subject).toBe(`Maratona: @${ana.username} sussurrou para você`);
    expect(email!.text).toContain(`/sussurros/${conversationId}`);
    expect(email!.text).not.toContain('Dom Casmurro');
    expect(email!.text).not.toContain('Capitu');
    // The same look again, and a later message unread the same day: no second e-mail.
    expect(await sendUnreadEmail({ conversationId, recipientId: bia.id }, minutes(17, noon))).toBe('nothing');
    await whisperTo(ana, bia.id, say('Responde!'));
    await queryRows(sql`UPDATE whisper_messages SET created_at = ${minutes(20, noon).toISOString()} WHERE body = 'Responde!'`);
    expect(await sendUnreadEmail({ conversationId, recipientId: bia.id }, minutes(40, noon))).toBe('already_today');
    expect(await unreadEmails(bia)).toHaveLength(1);
    // Ana never gets one for her own messages.
    expect(await sendUnreadEmail({ conversationId, recipientId: ana.id }, minutes(40))).toBe('nothing');
    expect(await unreadEmails(ana)).toEqual([]);
  });

  it('sends nothing when the reader read it meanwhile, and counts days in São Paulo', async () => {
    const [ana, bia] = [await reader(), await reader()];
    const { conversationId } = await whisperTo(ana, bia.id, say('Oi, Bia.'));
    await markConversationRead(bia, conversationId);
    expect(await sendUnreadEmail({ conversationId, recipientId: bia.id }, minutes(16))).toBe('nothing');
    expect(await unreadEmails(bia)).toEqual([]);

    const side = (column: 'read_up_to' | 'unread_emailed_at', at: string) =>
      queryRows(sql`UPDATE whisper_participants SET ${sql.raw(column)} = ${at} WHERE conversation_id = ${conversationId} AND user_id = ${bia.id}`);
    await whisperTo(ana, bia.id, say('Outra coisa.'));
    const [message] = await queryRows<{ id: string }>(sql`SELECT id FROM whisper_messages WHERE conversation_id = ${conversationId} AND body = 'Outra coisa.'`);
    const sentAt = (at: string) => queryRows(sql`UPDATE whisper_messages SET created_at = ${at} WHERE id = ${message!.id}`);
    await side('read_up_to', '2026-11-19T00:00:00Z');
    // E-mailed at 23:50 on the 19th in São Paulo (02:50 UTC on the 20th); a message at 00:05 there (03:05 UTC) is the
    // next day there, though the same UTC day: e-mailed.
    await side('unread_emailed_at', '2026-11-20T02:50:00Z');
    await sentAt('2026-11-20T03:05:00Z');
    expect(await sendUnreadEmail({ conversationId, recipientId: bia.id }, new Date('2026-11-20T03:25:00Z'))).toBe('sent');
    // E-mailed at 09:00 on the 20th there; a message at 23:30 there (02:30 UTC on the 21st) is the same day there: none.
    await side('unread_emailed_at', '2026-11-20T12:00:00Z');
    await sentAt('2026-11-21T02:30:00Z');
    expect(await sendUnreadEmail({ conversationId, recipientId: bia.id }, new Date('2026-11-21T02:50:00Z'))).toBe('already_today');
    expect(await unreadEmails(bia)).toHaveLength(1);
  });

  it('never e-mails a suspended or deleted reader, a blocked pair, or a reader who switched it off', async () => {
    const check = async (setup: (ana: Viewer, bia: Viewer) => Promise<unknown>, outcome: string) => {
      const [ana, bia] = [await reader(), await reader()];
      const { conversationId } = await whisperTo(ana, bia.id, say('Psiu.'));
      await setup(ana, bia);
      expect(await sendUnreadEmail({ conversationId, recipientId: bia.id }, minutes(16))).toBe(outcome);
      expect(await unreadEmails(bia)).toEqual([]);
    };
    await check((_, bia) => suspend(bia.id), 'unreachable');
    await check((_, bia) => queryRows(sql`DELETE FROM users WHERE id = ${bia.id}`), 'unreachable');
    await check((ana, bia) => block(bia.id, ana.id), 'unreachable');
    await check((ana, bia) => block(ana.id, bia.id), 'unreachable');
    // The sender suspended: the conversation is hidden from the reader, so is the e-mail.
    await check((ana) => suspend(ana.id), 'unreachable');
    await check(async (_, bia) => {
      const switches = await getNotificationSwitches(bia);
      await saveNotificationSwitches(bia, { ...switches, whisper_unread: { inApp: false, email: false } });
    }, 'switched_off');
  });

  it('runs as a job: the runner sends it once the message is 15 minutes old', async () => {
    const [ana, bia] = [await reader(), await reader()];
    const { conversationId } = await whisperTo(ana, bia.id, say('Leu?'));
    await ageMessages(conversationId, 20);
    await queryRows(sql`UPDATE jobs SET run_at = now() WHERE kind = ${UNREAD_EMAIL_JOB}`);
    expect(await runJobsOnce('teste')).toBeGreaterThan(0);
    expect(await unreadEmails(bia)).toHaveLength(1);
    expect(await looks()).toEqual([]);
  });
});
