/**
 * Who may whisper a reader (PRODUCT.md §I, decision 0088), as `users.whisper_audience` stores it: everyone; only the
 * readers they follow (accepted); nobody. "Todos", "Quem eu sigo", "Ninguém" on the pages.
 */
export const WHISPER_AUDIENCES = ['everyone', 'following', 'nobody'] as const;
export type WhisperAudience = (typeof WHISPER_AUDIENCES)[number];

export const WHISPER_AUDIENCE_LABELS: Record<WhisperAudience, string> = {
  everyone: 'Todos',
  following: 'Quem eu sigo',
  nobody: 'Ninguém',
};
