import { and, eq, sql } from 'drizzle-orm';
import { getDb, queryRows } from '~/db/client.server';
import { moderationActions, reports, users } from '~/db/schema';
import { setSuspended } from '~/features/accounts/admin.server';
import { notify } from '~/features/social/mutations.server';
import { newId } from '~/lib/ids';
import { sendEmail } from '~/server/email.server';
import { getEnv } from '~/server/env.server';
import { invalidateTags } from '~/server/html-cache.server';
import { AppError, RateLimitError } from '~/server/errors';
import { log } from '~/server/logger.server';
import { formatWait, hitRateLimit } from '~/server/rate-limit.server';
import type { Viewer } from '~/server/viewer.server';
import { REPORTS_PER_DAY, type ReportableKind } from './reasons';
import { REPORT_TARGETS } from './report-targets.server';
import type { ModerationActionInput, ReportInput } from './validation';

/**
 * A reader reports something they can see. A second report of the same thing by the same reader while
 * the first is still open replaces its reason and text (duplicates collapse); every attempt counts
 * towards the daily limit.
 */
export async function createReport(viewer: Viewer, input: ReportInput): Promise<{ collapsed: boolean }> {
  const limit = await hitRateLimit({ name: 'reports', limit: REPORTS_PER_DAY, windowSeconds: 86_400 }, viewer.id);
  if (!limit.ok) {
    throw new RateLimitError(
      limit.retryAfterSeconds,
      `Você já enviou ${REPORTS_PER_DAY} denúncias hoje. Tente de novo em ${formatWait(limit.retryAfterSeconds)}.`,
    );
  }
  const kind = REPORT_TARGETS[input.kind];
  const target = await kind.loadForReporter(viewer, input.target);
  if (!target) throw new AppError('not_found');
  if (target.authorId === viewer.id) throw new AppError('forbidden', 'Você não pode denunciar algo seu.');
  const id = newId();
  const values = {
    id,
    reporterId: viewer.id,
    targetKind: input.kind,
    targetId: input.target,
    targetAuthorId: target.authorId,
    reason: input.reason,
    details: input.details,
  };
  if (kind.once) {
    // Once ever: an earlier report, open or closed, answers instead; two at once meet on the open reports' index.
    const inserted = await queryRows<{ id: string }>(sql`
      INSERT INTO reports (id, reporter_id, target_kind, target_id, target_author_id, reason, details)
      SELECT ${id}, ${viewer.id}, ${input.kind}, ${input.target}, ${target.authorId}, ${input.reason}, ${input.details}
      WHERE NOT EXISTS (SELECT 1 FROM reports WHERE reporter_id = ${viewer.id} AND target_kind = ${input.kind} AND target_id = ${input.target})
      ON CONFLICT DO NOTHING RETURNING id`);
    if (!inserted.length) throw new AppError('conflict', kind.once);
    log.info('moderation.reported', { reportId: id, kind: input.kind });
    return { collapsed: false };
  }
  const [row] = await getDb()
    .insert(reports)
    .values(values)
    .onConflictDoUpdate({
      target: [reports.reporterId, reports.targetKind, reports.targetId],
      targetWhere: sql`${reports.status} = 'open'`,
      set: { reason: input.reason, details: input.details },
    })
    .returning({ id: reports.id });
  log.info('moderation.reported', { reportId: row?.id, kind: input.kind });
  return { collapsed: row?.id !== id };
}

function requireAdmin(viewer: Viewer) {
  if (viewer.role !== 'admin') throw new AppError('not_found');
}

const DONE: Record<ModerationActionInput['intent'], string> = {
  hide: 'Conteúdo ocultado. As denúncias dele foram resolvidas.',
  unhide: 'Conteúdo visível de novo.',
  warn: 'Advertência enviada ao autor.',
  suspend: 'Conta suspensa e sessões encerradas.',
  dismiss: 'Denúncias dispensadas.',
};

/**
 * An admin acts on a report's target: the action covers every open report of that target and is logged
 * (moderation_actions) whatever it was. Returns the Portuguese confirmation.
 */
export async function actOnReport(viewer: Viewer, input: ModerationActionInput): Promise<string> {
  requireAdmin(viewer);
  const [report] = await getDb().select().from(reports).where(eq(reports.id, input.report));
  if (!report) throw new AppError('not_found');
  const kind = REPORT_TARGETS[report.targetKind as ReportableKind];
  if (!kind) throw new AppError('not_found');
  // An admin does not judge what they wrote (nor, for a whisper, a conversation they are in): another admin does.
  if (report.targetAuthorId === viewer.id || (await kind.party?.(viewer.id, report.targetId))) throw new AppError('not_found');
  const hide = kind.hide;
  if ((input.intent === 'hide' || input.intent === 'unhide') && !hide) {
    throw new AppError('invalid_input', 'Um perfil não se oculta: advirta ou suspenda a conta.');
  }
  const authorId = report.targetAuthorId;
  if ((input.intent === 'warn' || input.intent === 'suspend') && !authorId) {
    throw new AppError('invalid_input', 'Quem escreveu isso excluiu a conta: só dá para ocultar o conteúdo ou dispensar.');
  }
  // Suspension writes through the accounts domain (it ends the sessions and refuses an admin's own account).
  if (input.intent === 'suspend' && authorId) await setSuspended(viewer, authorId, true);
  const staleTags = await getDb().transaction(async (tx) => {
    let tags: readonly string[] = [];
    if (hide && (input.intent === 'hide' || input.intent === 'unhide')) {
      const dropped = await hide(tx, report.targetId, input.intent === 'hide');
      if (!dropped) throw new AppError('not_found', 'Esse conteúdo não existe mais.');
      tags = dropped;
    }
    if (input.intent !== 'unhide') {
      await tx
        .update(reports)
        .set({ status: input.intent === 'dismiss' ? 'dismissed' : 'resolved', resolvedById: viewer.id, resolvedAt: new Date() })
        .where(and(eq(reports.targetKind, report.targetKind), eq(reports.targetId, report.targetId), eq(reports.status, 'open')));
    }
    await tx.insert(moderationActions).values({
      id: newId(),
      reportId: report.id,
      targetKind: report.targetKind,
      targetId: report.targetId,
      adminId: viewer.id,
      action: input.intent,
      note: input.note,
    });
    if (input.intent === 'warn' && authorId) {
      await notify({ userId: authorId, kind: 'moderation_warning', text: `Advertência da moderação: ${input.note}`, link: '/termos' }, tx);
    }
    return tags;
  });
  // Visitors' cached pages (an edition's reviews or atts) forget the content only after the commit.
  if (staleTags.length) await invalidateTags(staleTags);
  if (input.intent === 'warn' && authorId) await emailWarning(authorId, input.note);
  log.info('moderation.action', { adminId: viewer.id, reportId: report.id, action: input.intent });
  return DONE[input.intent];
}

/** A warning is always e-mailed too, whatever the reader's notification settings: it is about their account. */
async function emailWarning(userId: string, note: string): Promise<void> {
  const [author] = await getDb().select({ name: users.name, email: users.email }).from(users).where(eq(users.id, userId));
  if (!author) return;
  await sendEmail({
    to: author.email,
    subject: 'Advertência da moderação do Maratona',
    text: `Olá, ${author.name}!\n\nA moderação do Maratona analisou uma denúncia sobre o que você publicou e deixou esta advertência:\n\n${note}\n\nAs regras de convivência estão em ${getEnv().publicUrl}/termos. Se acha que foi um engano, responda pelos termos (moderação e recursos).\n\n— Equipe Maratona`,
  });
}
