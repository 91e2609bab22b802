import { foldForMatch } from './normalize';
import type { EditionFormat } from './vocabulary';

/**
 * What other sites and spreadsheets call our formats (Goodreads' Binding in its languages, StoryGraph's
 * Format, Brazilian shops' words), folded to letters and digits. A name not here is no format of ours:
 * the caller keeps its default and records nothing.
 */
const FORMAT_NAMES: Record<string, EditionFormat> = {
  brochura: 'brochura',
  paperback: 'brochura',
  massmarketpaperback: 'brochura',
  tradepaperback: 'brochura',
  softcover: 'brochura',
  capacomum: 'brochura',
  capamole: 'brochura',
  livrodebolso: 'brochura',
  tapablanda: 'brochura',
  capadura: 'capa_dura',
  hardcover: 'capa_dura',
  hardback: 'capa_dura',
  tapadura: 'capa_dura',
  ebook: 'ebook',
  kindle: 'ebook',
  kindleedition: 'ebook',
  ebookkindle: 'ebook',
  edicaokindle: 'ebook',
  versionkindle: 'ebook',
  nook: 'ebook',
  digital: 'ebook',
  epub: 'ebook',
  audiolivro: 'audiolivro',
  audiobook: 'audiolivro',
  audibleaudio: 'audiolivro',
  audio: 'audiolivro',
  audiocd: 'audiolivro',
  mp3cd: 'audiolivro',
  audiolibro: 'audiolivro',
};

/** `Kindle Edition` → `ebook`, `Mass Market Paperback` → `brochura`, `Audible Audio` → `audiolivro`; null for any other name. */
export function formatFromName(name: string): EditionFormat | null {
  return FORMAT_NAMES[foldForMatch(name).replace(/[^a-z0-9]/g, '')] ?? null;
}
