import type { CollectionKind, EditionFormat } from './vocabulary';

export type AuthorRef = { id: string; slug: string; name: string };

/** What a list of a reader's books shows of each edition: its cover, title and authors, linking to it. */
export type CoverCard = Pick<EditionCard, 'id' | 'title' | 'authors' | 'coverUrl'>;

/** What a list, a search result or a collection shows of an edition. */
export type EditionCard = {
  id: string;
  title: string;
  subtitle: string | null;
  authors: AuthorRef[];
  publisher: string | null;
  year: string | null;
  format: EditionFormat;
  coverUrl: string | null;
  readersCount: number;
};

export type Contributor = AuthorRef & { role: 'translator' | 'illustrator' | 'narrator' | 'organizer' };

export type CollectionRef = { id: string; name: string; position: number | null };

export type EditionDetail = EditionCard & {
  workId: string;
  isbn13: string | null;
  isbn10: string | null;
  asin: string | null;
  publicationDate: string | null;
  pages: number | null;
  audioMinutes: number | null;
  language: string;
  originalTitle: string | null;
  originalLanguage: string | null;
  firstPublishedYear: number | null;
  genres: { slug: string; name: string }[];
  synopsis: string | null;
  contributors: Contributor[];
  collections: CollectionRef[];
  otherEditionsCount: number;
  updatedAt: string;
};

export type SearchFilters = { format?: EditionFormat | 'fisico'; language?: string; genre?: string };

/** `totalCapped`: there are more than `total` matches (the count stops there). */
export type SearchPage = { items: EditionCard[]; total: number; totalCapped: boolean; page: number; pageSize: number };

export type AuthorWork = { id: string; title: string; firstPublishedYear: number | null; editions: EditionCard[] };

export type AuthorDetail = {
  id: string;
  slug: string;
  name: string;
  nationality: string | null;
  birthYear: number | null;
  deathYear: number | null;
  bio: string | null;
  photoUrl: string | null;
  otherNames: string[];
  works: AuthorWork[];
  translations: EditionCard[];
  updatedAt: string;
};

export type CollectionSummary = { id: string; name: string; kind: CollectionKind; publisher: string | null; membersCount: number; covers: EditionCard[] };

export type CollectionDetail = {
  id: string;
  name: string;
  kind: CollectionKind;
  publisher: string | null;
  description: string | null;
  members: (EditionCard & { position: number | null })[];
};

/** A record as a merge shows it beside its duplicate: what it is, where it lives, and the facts that tell two records apart. */
export type CatalogRecordCard = { kind: 'edition' | 'work' | 'author'; id: string; label: string; path: string; facts: { label: string; value: string }[] };
