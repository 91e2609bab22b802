import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Tx, getDb, queryRows } from '~/db/client.server';
import { blockedEitherWay } from '~/features/social/audience.server';
import { switchFor } from '~/features/social/notification-settings.server';
import { newId } from '~/lib/ids';
import { sendEmail } from '~/server/email.server';
import { getEnv } from '~/server/env.server';
import { enqueueJob, registerJobHandler } from '~/server/jobs.server';
import { UNREAD_EMAIL_AFTER_MINUTES, WHISPER_TIME_ZONE } from './policy';

/**
 * The e-mail after a whisper stays unread (issue 33, decision 0091). Each send schedules a look at the recipient's side
 * UNREAD_EMAIL_AFTER_MINUTES later; the look e-mails them when a message of the other reader is still unread that long,
 * unless they were already e-mailed about this conversation today (São Paulo) or after that message was sent, their
 * switch is off, they are suspended or gone, or a block stands between the two. The e-mail says who whispered and links
 * to the conversation, never the message's text.
 */

export const UNREAD_EMAIL_JOB = 'whispers.unread-email';
/** São Paulo, as SQL: the days the e-mail counts. */
const zone = sql`${WHISPER_TIME_ZONE}::text`;

const payloadSchema = z.object({ conversationId: z.string(), recipientId: z.string() });
type UnreadEmailPayload = z.infer<typeof payloadSchema>;

/**
 * Called in the transaction that sends a message: one pending look per recipient, conversation, São Paulo day and state
 * of their side (read mark, last e-mail), so a run of messages while they are away adds one job, not one per message. One
 * statement; a look already queued for the same state is the one that will answer (ON CONFLICT DO NOTHING).
 */
export async function scheduleUnreadEmail(tx: Tx, conversationId: string, recipientId: string): Promise<void> {
  await tx.execute(sql`
    INSERT INTO jobs (id, kind, payload, run_at, max_attempts, unique_key)
    SELECT ${newId()}, ${UNREAD_EMAIL_JOB}, ${JSON.stringify({ conversationId, recipientId } satisfies UnreadEmailPayload)}::jsonb,
      now() + make_interval(mins => ${UNREAD_EMAIL_AFTER_MINUTES}), 3,
      concat_ws(':', ${UNREAD_EMAIL_JOB}::text, p.conversation_id, p.user_id, (now() AT TIME ZONE ${zone})::date,
        coalesce(extract(epoch FROM p.read_up_to)::text, '-'), coalesce(extract(epoch FROM p.unread_emailed_at)::text, '-'))
    FROM whisper_participants p WHERE p.conversation_id = ${conversationId} AND p.user_id = ${recipientId}
    ON CONFLICT DO NOTHING`);
}

type SideRow = {
  email: string;
  name: string;
  senderUsername: string | null;
  senderName: string | null;
  /** The recipient may get it: not suspended, the other reader still there and shown to them, no block either way. */
  reachable: boolean;
  /** The oldest message of the other reader they have not read and were not e-mailed about, as an ISO string. */
  oldestUnread: string | null;
  emailedToday: boolean;
};

export type UnreadEmailOutcome = 'sent' | 'nothing' | 'later' | 'already_today' | 'unreachable' | 'switched_off';

/**
 * The look itself (the job's handler), with the clock given so tests can move it. Answers what it did; 'later' when
 * the oldest unread message is younger than the wait, and the look is queued again for when it is not.
 */
export async function sendUnreadEmail({ conversationId, recipientId }: UnreadEmailPayload, now: Date = new Date()): Promise<UnreadEmailOutcome> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const [side] = await queryRows<SideRow>(sql`
    SELECT r.email, r.name, o.username AS "senderUsername", o.name AS "senderName",
      (r.suspended_at IS NULL AND o.id IS NOT NULL AND o.suspended_at IS NULL AND NOT ${blockedEitherWay(sql`o.id`, sql`r.id`)}) AS reachable,
      (SELECT to_json(min(m.created_at)) #>> '{}' FROM whisper_messages m
        WHERE m.conversation_id = me.conversation_id AND m.author_id <> me.user_id
          AND m.created_at > greatest(coalesce(me.read_up_to, '-infinity'), coalesce(me.unread_emailed_at, '-infinity'))
          AND NOT EXISTS (SELECT 1 FROM whisper_hidden_messages h WHERE h.message_id = m.id AND h.user_id = me.user_id)) AS "oldestUnread",
      coalesce((me.unread_emailed_at AT TIME ZONE ${zone})::date = (${at} AT TIME ZONE ${zone})::date, false) AS "emailedToday"
    FROM whisper_participants me JOIN users r ON r.id = me.user_id
      LEFT JOIN whisper_participants op ON op.conversation_id = me.conversation_id AND op.user_id <> me.user_id
      LEFT JOIN users o ON o.id = op.user_id
    WHERE me.conversation_id = ${conversationId} AND me.user_id = ${recipientId}`);
  if (!side?.reachable || !side.senderUsername) return 'unreachable';
  if (!side.oldestUnread) return 'nothing';
  const due = new Date(new Date(side.oldestUnread).getTime() + UNREAD_EMAIL_AFTER_MINUTES * 60_000);
  if (due > now) {
    await enqueueJob(
      UNREAD_EMAIL_JOB,
      { conversationId, recipientId },
      { runAt: due, maxAttempts: 3, uniqueKey: `${UNREAD_EMAIL_JOB}:${conversationId}:${recipientId}:at:${side.oldestUnread}` },
    );
    return 'later';
  }
  if (side.emailedToday) return 'already_today';
  if (!(await switchFor(getDb(), recipientId, 'whisper_unread')).email) return 'switched_off';
  // The mark is the claim: two looks at once (two servers) e-mail once, and a retry after it never e-mails twice.
  const claimed = await queryRows<{ id: string }>(sql`
    UPDATE whisper_participants SET unread_emailed_at = ${at}
    WHERE conversation_id = ${conversationId} AND user_id = ${recipientId}
      AND (unread_emailed_at IS NULL OR (unread_emailed_at AT TIME ZONE ${zone})::date < (${at} AT TIME ZONE ${zone})::date)
    RETURNING conversation_id AS id`);
  if (claimed.length === 0) return 'already_today';
  const origin = getEnv().publicUrl;
  await sendEmail({
    to: side.email,
    subject: `Maratona: @${side.senderUsername} sussurrou para você`,
    text: [
      `Olá, ${side.name}!`,
      `${side.senderName} (@${side.senderUsername}) sussurrou para você, e a mensagem está esperando há mais de ${UNREAD_EMAIL_AFTER_MINUTES} minutos.`,
      `Ler a conversa: ${origin}/sussurros/${conversationId}`,
      'Por privacidade, o texto dos sussurros nunca vem por e-mail. Este aviso chega no máximo uma vez por dia para cada conversa.',
      `Escolha quais e-mails você recebe em ${origin}/configuracoes/notificacoes.`,
      '— Equipe Maratona',
    ].join('\n\n'),
  });
  return 'sent';
}

registerJobHandler(UNREAD_EMAIL_JOB, async (payload) => {
  await sendUnreadEmail(payloadSchema.parse(payload));
});
