/**
 * The words of reading the schema stores (docs/decisions/0041): shelf statuses, progress units and emotions,
 * and how a reading felt (PRODUCT.md §C, docs/decisions/0020): moods, pacing and content warnings, English in
 * code and rows, Portuguese for people. A leaf: client-safe, the editor and the schema both import it.
 */

export const SHELF_STATUSES = ['want_to_read', 'reading', 'read', 'abandoned', 'paused'] as const;
export type ShelfStatus = (typeof SHELF_STATUSES)[number];

/** How a reader measures progress (PRODUCT.md §C): pages, percent, or minutes of an audiobook. */
export const PROGRESS_UNITS = ['page', 'percent', 'minute'] as const;
export type ProgressUnit = (typeof PROGRESS_UNITS)[number];

/** The fixed set of emotions of a progress update (PRODUCT.md §C). */
export const EMOTIONS = ['loving', 'laughing', 'crying', 'shocked', 'angry', 'tense', 'bored', 'thoughtful', 'smitten'] as const;
export type Emotion = (typeof EMOTIONS)[number];

/** Fixed list of moods (StoryGraph's adventurous … tense); a reader may tick several. */
export const MOODS = [
  'adventurous',
  'challenging',
  'dark',
  'emotional',
  'funny',
  'hopeful',
  'informative',
  'inspiring',
  'lighthearted',
  'mysterious',
  'reflective',
  'relaxing',
  'sad',
  'tense',
] as const;
export type Mood = (typeof MOODS)[number];

export const MOOD_LABELS: Record<Mood, string> = {
  adventurous: 'Aventureiro',
  challenging: 'Desafiador',
  dark: 'Sombrio',
  emotional: 'Emotivo',
  funny: 'Engraçado',
  hopeful: 'Esperançoso',
  informative: 'Informativo',
  inspiring: 'Inspirador',
  lighthearted: 'Leve',
  mysterious: 'Misterioso',
  reflective: 'Reflexivo',
  relaxing: 'Relaxante',
  sad: 'Triste',
  tense: 'Tenso',
};

export const MOOD_SLUGS: Record<Mood, string> = {
  adventurous: 'aventureiro',
  challenging: 'desafiador',
  dark: 'sombrio',
  emotional: 'emotivo',
  funny: 'engracado',
  hopeful: 'esperancoso',
  informative: 'informativo',
  inspiring: 'inspirador',
  lighthearted: 'leve',
  mysterious: 'misterioso',
  reflective: 'reflexivo',
  relaxing: 'relaxante',
  sad: 'triste',
  tense: 'tenso',
};

/** How fast the book moves ("ritmo do livro"); not the reader's own pace of progress. */
export const PACINGS = ['slow', 'medium', 'fast'] as const;
export type Pacing = (typeof PACINGS)[number];
export const PACING_LABELS: Record<Pacing, string> = { slow: 'Lento', medium: 'Médio', fast: 'Rápido' };
export const PACING_SLUGS: Record<Pacing, string> = { slow: 'lento', medium: 'medio', fast: 'rapido' };

/** Suggestions for content warnings; readers may write their own (free tags, normalised). */
export const CONTENT_WARNING_SUGGESTIONS = [
  'violência',
  'abuso sexual',
  'suicídio',
  'automutilação',
  'morte',
  'luto',
  'racismo',
  'LGBTfobia',
  'abuso infantil',
  'drogas',
  'transtornos alimentares',
  'violência doméstica',
  'linguagem ofensiva',
] as const;
export const MAX_CONTENT_WARNINGS = 10;
export const CONTENT_WARNING_MAX = 40;

/** One spelling per warning: trimmed, inner spaces collapsed, lower case (the suggestions' "LGBTfobia" kept as written). */
export function normalizeContentWarning(raw: string): string {
  const tag = raw.trim().replace(/\s+/g, ' ');
  const suggestion = CONTENT_WARNING_SUGGESTIONS.find((s) => s.toLocaleLowerCase('pt-BR') === tag.toLocaleLowerCase('pt-BR'));
  return suggestion ?? tag.toLocaleLowerCase('pt-BR');
}

/** PRODUCT.md §1.5: a review is at most 20,000 characters. */
export const REVIEW_BODY_MAX = 20_000;
/** The editor saves the draft this long after typing stops (the issue asks for ≤ 2 s). */
export const DRAFT_SAVE_DELAY_MS = 1_200;
