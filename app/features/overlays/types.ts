import type { SpeciesSlug } from '~/features/focus/vocabulary';
import type { OverlayLook } from './settings';

/** The book overlay's content: the reader's most recently updated `lendo` book, or nothing. */
export type CapaOverlayData = {
  book: { title: string; authors: string[]; coverUrl: string | null; fraction: number | null } | null;
};

/** The foca overlay's content: the companion, and the running session's end by the server's clock. */
export type FocaOverlayData = {
  pet: { species: SpeciesSlug; name: string | null } | null;
  session: { startedAt: string; endsAt: string; plannedMinutes: number } | null;
  serverNow: string;
};

export type OverlayContent = { kind: 'capa'; look: OverlayLook; data: CapaOverlayData } | { kind: 'foca'; look: OverlayLook; data: FocaOverlayData };
