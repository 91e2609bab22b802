/** What can be reported and why (PRODUCT.md §R, docs/decisions/0024); the UI may import this file. */

/** Every key here has one entry in report-targets.server.ts (the type checker holds them together). */
export const REPORTABLE_KINDS = ['user', 'shelf', 'att', 'review', 'att_comment', 'club_post', 'club_post_comment', 'group_read_comment', 'whisper'] as const;
export type ReportableKind = (typeof REPORTABLE_KINDS)[number];

export const REPORTABLE_KIND_LABELS: Record<ReportableKind, string> = {
  user: 'Perfil',
  shelf: 'Estante',
  att: 'Att',
  review: 'Resenha',
  att_comment: 'Comentário',
  club_post: 'Post de clube',
  club_post_comment: 'Comentário em clube',
  group_read_comment: 'Comentário em LC',
  whisper: 'Sussurro',
};

/**
 * Where the "Denunciar" links of lists lead: /denunciar shows the thing and the report form. Written out rather
 * than through URLSearchParams, which cost ~3 µs a link: an LC thread renders one per comment (decision 0073).
 */
export const reportPath = (kind: ReportableKind, id: string) => `/denunciar?tipo=${kind}&id=${encodeURIComponent(id)}`;

export const REPORT_REASONS = ['spam', 'harassment', 'hate', 'sexual', 'violence', 'spoiler', 'impersonation', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  spam: 'Spam ou propaganda',
  harassment: 'Assédio ou intimidação',
  hate: 'Discurso de ódio',
  sexual: 'Conteúdo sexual impróprio',
  violence: 'Violência ou ameaça',
  spoiler: 'Spoiler sem aviso',
  impersonation: 'Se passa por outra pessoa',
  other: 'Outro motivo',
};

export const REPORT_DETAILS_MAX = 1000;
/** PRODUCT.md §1.5: reports 20/day per reader. */
export const REPORTS_PER_DAY = 20;

export const MODERATION_ACTIONS = ['hide', 'unhide', 'warn', 'suspend', 'dismiss'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

export const MODERATION_ACTION_LABELS: Record<ModerationAction, string> = {
  hide: 'Conteúdo ocultado',
  unhide: 'Conteúdo reexibido',
  warn: 'Autor advertido',
  suspend: 'Conta suspensa',
  dismiss: 'Denúncia dispensada',
};

export type ReportStatus = 'open' | 'resolved' | 'dismissed';
