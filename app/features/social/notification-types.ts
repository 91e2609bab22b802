/**
 * The notification types a reader can switch (PRODUCT.md §C, docs/decisions/0024), and which `kind`s passed
 * to notify() belong to each — the one place that maps them. A kind not listed here (a change request's
 * decision, a moderation warning) is always shown in the app and never e-mailed by notify().
 */
export const NOTIFICATION_TYPES = [
  'new_follower',
  'follow_request',
  'request_accepted',
  'comment',
  'reaction',
  'new_edition',
  'club_request',
  'club_membership',
  'club_post',
  'club_activity',
  'group_read_invitation',
  'group_read_stage',
  'group_read_place',
  'marathon_dates',
  'marathon_challenges',
  'marathon_challenge_done',
  'room_invitation',
  'focus_egg_hatched',
  'focus_level_up',
  'whisper_conversation',
  'whisper_unread',
  'weekly_digest',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export type NotificationTypeInfo = {
  label: string;
  /** false: the type has no in-app notification (the weekly digest is an e-mail). */
  inAppAvailable: boolean;
  defaults: { inApp: boolean; email: boolean };
};

export const NOTIFICATION_TYPE_INFO: Record<NotificationType, NotificationTypeInfo> = {
  new_follower: { label: 'Novo seguidor', inAppAvailable: true, defaults: { inApp: true, email: false } },
  follow_request: { label: 'Pedido para seguir', inAppAvailable: true, defaults: { inApp: true, email: true } },
  request_accepted: { label: 'Pedido aceito', inAppAvailable: true, defaults: { inApp: true, email: false } },
  comment: { label: 'Comentário', inAppAvailable: true, defaults: { inApp: true, email: false } },
  reaction: { label: 'Reação', inAppAvailable: true, defaults: { inApp: true, email: false } },
  new_edition: { label: 'Nova edição de autor ou coleção que você segue', inAppAvailable: true, defaults: { inApp: true, email: false } },
  club_request: { label: 'Pedido para entrar num clube que você ajuda a moderar', inAppAvailable: true, defaults: { inApp: true, email: true } },
  club_membership: { label: 'Convite, aprovação ou mudança de papel num clube', inAppAvailable: true, defaults: { inApp: true, email: true } },
  club_post: { label: 'Novo post num clube seu', inAppAvailable: true, defaults: { inApp: true, email: false } },
  club_activity: { label: 'Lembrete de atividade de um clube seu', inAppAvailable: true, defaults: { inApp: true, email: false } },
  group_read_invitation: { label: 'Convite para uma LC', inAppAvailable: true, defaults: { inApp: true, email: true } },
  group_read_stage: { label: 'Etapa de uma LC sua começa', inAppAvailable: true, defaults: { inApp: true, email: false } },
  group_read_place: { label: 'Você sai de uma LC que ficou só para membros do clube', inAppAvailable: true, defaults: { inApp: true, email: true } },
  marathon_dates: { label: 'Uma maratona sua começa ou termina', inAppAvailable: true, defaults: { inApp: true, email: false } },
  marathon_challenges: { label: 'Desafios novos revelados numa maratona sua', inAppAvailable: true, defaults: { inApp: true, email: false } },
  marathon_challenge_done: { label: 'Desafio de maratona concluído ao terminar um livro', inAppAvailable: true, defaults: { inApp: true, email: false } },
  room_invitation: { label: 'Convite para uma sala de foco', inAppAvailable: true, defaults: { inApp: true, email: false } },
  focus_egg_hatched: { label: 'Um ovinho da Foca chocou', inAppAvailable: true, defaults: { inApp: true, email: false } },
  focus_level_up: { label: 'Um bichinho da Foca subiu de nível', inAppAvailable: true, defaults: { inApp: true, email: false } },
  whisper_conversation: { label: 'Alguém começou uma conversa de sussurros com você', inAppAvailable: true, defaults: { inApp: true, email: false } },
  whisper_unread: { label: 'Sussurro esperando há 15 minutos sem ser lido', inAppAvailable: false, defaults: { inApp: false, email: true } },
  weekly_digest: { label: 'Resumo semanal', inAppAvailable: false, defaults: { inApp: false, email: false } },
};

/** notify()'s `kind` → the reader's switch that governs it. */
export const NOTIFICATION_KIND_TYPES = {
  follow: 'new_follower',
  follow_request: 'follow_request',
  follow_approved: 'request_accepted',
  att_comment: 'comment',
  att_reaction: 'reaction',
  new_edition: 'new_edition',
  club_request: 'club_request',
  club_invitation: 'club_membership',
  club_approved: 'club_membership',
  club_role: 'club_membership',
  club_post: 'club_post',
  club_activity: 'club_activity',
  group_read_reply: 'comment',
  group_read_invitation: 'group_read_invitation',
  group_read_stage: 'group_read_stage',
  group_read_place_lost: 'group_read_place',
  marathon_starts: 'marathon_dates',
  marathon_ended: 'marathon_dates',
  marathon_challenges_revealed: 'marathon_challenges',
  marathon_challenge_done: 'marathon_challenge_done',
  focus_room_invitation: 'room_invitation',
  focus_egg_hatched: 'focus_egg_hatched',
  focus_level_up: 'focus_level_up',
  whisper_started: 'whisper_conversation',
} as const satisfies Record<string, NotificationType>;

/** Every kind notify() is called with: one of the switchable kinds above, or one that is always shown and never e-mailed. */
export type NotificationKind = keyof typeof NOTIFICATION_KIND_TYPES | 'change_request_decided' | 'moderation_warning';

export type NotificationSwitches = Record<NotificationType, { inApp: boolean; email: boolean }>;

/** The settings form's checkbox names: `app:new_follower`, `email:new_follower`… */
export const switchField = (channel: 'app' | 'email', type: NotificationType) => `${channel}:${type}`;
