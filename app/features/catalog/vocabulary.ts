/** The words and shapes of the catalogue the schema stores (docs/decisions/0041): a leaf, the schema and the UI import it. */

export const EDITION_FORMATS = ['brochura', 'capa_dura', 'ebook', 'audiolivro'] as const;
export type EditionFormat = (typeof EDITION_FORMATS)[number];

export type CollectionKind = 'series' | 'publisher_collection' | 'box';

/**
 * An edition as it arrives from outside (the seed catalogue, a curator's bulk import, an approved change
 * request), already parsed but not yet cleaned: ingestEdition() normalises it, finds or creates its
 * authors, work and collection, and skips it when the same edition is already there.
 */
export type EditionSource = {
  title: string;
  subtitle?: string | null;
  authors: string[];
  /** Credited on the work after its authors (role `adapter`), when the source creates the work. */
  adapters?: string[];
  isbn?: string | null;
  asin?: string | null;
  publisher?: string | null;
  publicationDate?: string | null;
  pages?: number | null;
  audioMinutes?: number | null;
  format?: EditionFormat;
  language?: string;
  originalTitle?: string | null;
  originalLanguage?: string | null;
  firstPublishedYear?: number | null;
  genres?: string[];
  synopsis?: string | null;
  translators?: string[];
  illustrators?: string[];
  collection?: { name: string; position?: number | null; kind?: CollectionKind } | null;
  /** The work the edition belongs to, when the source knows it (a reader chose another edition of it). */
  workId?: string;
};
