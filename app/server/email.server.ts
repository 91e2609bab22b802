import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { eq, lt } from 'drizzle-orm';
import { getDb } from '~/db/client.server';
import { outboxEmails } from '~/db/schema';
import { sendSmtp } from '~/integrations/email/smtp.server';
import { newId } from '~/lib/ids';
import { getEnv } from './env.server';
import { enqueueJob, registerJobHandler, registerRecurringJob } from './jobs.server';
import { log } from './logger.server';

export type EmailMessage = { to: string; subject: string; text: string; html?: string };

/** What the outbox keeps in place of a personal link when the e-mail really leaves (SMTP). */
export const OMITTED_LINK = '[link pessoal omitido do registro]';

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const withoutSecret = (text: string, secret: string) => text.split(escapeHtml(secret)).join(OMITTED_LINK).split(secret).join(OMITTED_LINK);

// A personal link waits for delivery in the job's payload sealed with a key derived from AUTH_SECRET, so
// neither the outbox, the log, nor an admin reading a failed job ever holds a working one.
const sealKey = () => createHash('sha256').update(`${getEnv().authSecret}:outbox-secret`).digest();

function seal(secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealKey(), iv);
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

function unseal(sealed: string): string {
  const bytes = Buffer.from(sealed, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', sealKey(), bytes.subarray(0, 12));
  decipher.setAuthTag(bytes.subarray(12, 28));
  return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
}

/**
 * Every email is recorded in the outbox first, so none is silently dropped: with SMTP configured a job
 * delivers it (with retries); without, it goes to the log and admins read it at /gerenciar/emails.
 * `secret` is the message's personal link (sign-in, reset, confirmation): with SMTP it is kept out of the
 * outbox and the log; without SMTP the log and the outbox are the only delivery, so they show it (the
 * outbox page says so).
 */
export async function sendEmail(message: EmailMessage, options: { secret?: string } = {}): Promise<void> {
  const env = getEnv();
  const id = newId();
  const transport = env.SMTP_URL ? 'smtp' : 'log';
  const { secret } = options;
  if (transport === 'smtp') {
    const kept = secret ? { ...message, text: withoutSecret(message.text, secret), html: message.html && withoutSecret(message.html, secret) } : message;
    await getDb()
      .insert(outboxEmails)
      .values({ id, ...kept, transport });
    await enqueueJob('email.deliver', secret ? { id, sealed: seal(secret) } : { id });
  } else {
    await getDb()
      .insert(outboxEmails)
      .values({ id, ...message, transport });
    log.info('email.logged', { id, to: message.to, subject: message.subject, text: message.text });
  }
}

registerJobHandler('email.deliver', async (payload) => {
  const { id, sealed } = payload as { id: string; sealed?: string };
  const [email] = await getDb().select().from(outboxEmails).where(eq(outboxEmails.id, id));
  const smtpUrl = getEnv().SMTP_URL;
  if (!email || !smtpUrl) return;
  const secret = sealed ? unseal(sealed) : null;
  const text = secret ? email.text.split(OMITTED_LINK).join(secret) : email.text;
  const html = secret && email.html ? email.html.split(OMITTED_LINK).join(escapeHtml(secret)) : email.html;
  await sendSmtp(smtpUrl, { ...email, text, html, from: getEnv().EMAIL_FROM });
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
