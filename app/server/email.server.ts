import { eq, lt } from 'drizzle-orm';
import { getDb } from '~/db/client.server';
import { outboxEmails } from '~/db/schema';
import { sendSmtp } from '~/integrations/email/smtp.server';
import { newId } from '~/lib/ids';
import { getEnv } from './env.server';
import { enqueueJob, registerJobHandler, registerRecurringJob } from './jobs.server';
import { log } from './logger.server';

export type EmailMessage = { to: string; subject: string; text: string; html?: string };

/**
 * Every email is recorded in the outbox first, so none is silently dropped: with SMTP configured a job
 * delivers it (with retries); without, it goes to the log and admins read it at /gerenciar/emails.
 */
export async function sendEmail(message: EmailMessage): Promise<void> {
  const env = getEnv();
  const id = newId();
  const transport = env.SMTP_URL ? 'smtp' : 'log';
  await getDb().insert(outboxEmails).values({ id, ...message, transport });
  if (transport === 'smtp') {
    await enqueueJob('email.deliver', { id });
  } else {
    log.info('email.logged', { id, to: message.to, subject: message.subject, text: message.text });
  }
}

registerJobHandler('email.deliver', async (payload) => {
  const { id } = payload as { id: string };
  const [email] = await getDb().select().from(outboxEmails).where(eq(outboxEmails.id, id));
  const smtpUrl = getEnv().SMTP_URL;
  if (!email || !smtpUrl) return;
  await sendSmtp(smtpUrl, { ...email, from: getEnv().EMAIL_FROM });
});

/** How long the outbox keeps an email: enough to read back what was sent, not a lasting copy of everyone's mail. */
export const OUTBOX_RETENTION_DAYS = 90;

/** Removes emails older than the retention; answers how many went. */
export async function pruneOutbox(now = new Date()): Promise<number> {
  const removed = await getDb()
    .delete(outboxEmails)
    .where(lt(outboxEmails.createdAt, new Date(now.getTime() - OUTBOX_RETENTION_DAYS * 86_400_000)))
    .returning({ id: outboxEmails.id });
  return removed.length;
}

registerRecurringJob('email.prune-outbox', 86_400, () => pruneOutbox().then(() => undefined));
