import { slugify } from '~/lib/slug';

/** The fixed pt-BR genre taxonomy of PRODUCT.md §B; a work has 1–3. The slug is what URLs and rows keep. */
const GENRE_NAMES = [
  'Romance',
  'Romance romântico',
  'Fantasia',
  'Ficção científica',
  'Distopia',
  'Terror',
  'Suspense e mistério',
  'Policial',
  'Thriller',
  'Aventura',
  'Ficção histórica',
  'Literatura brasileira',
  'Literatura portuguesa',
  'Literatura africana',
  'Clássicos',
  'Contos',
  'Crônicas',
  'Poesia',
  'Teatro',
  'Jovem adulto',
  'Infantojuvenil',
  'Infantil',
  'HQ e graphic novel',
  'Mangá',
  'Não ficção',
  'Biografia e memórias',
  'História',
  'Filosofia',
  'Ciências sociais',
  'Política',
  'Economia',
  'Ciência',
  'Psicologia',
  'Religião e espiritualidade',
  'Autoajuda',
  'Negócios',
  'Culinária',
  'Viagem',
  'Arte e fotografia',
  'Educação',
  'Teoria literária',
] as const;

export type Genre = { slug: string; name: string };
export const GENRES: readonly Genre[] = GENRE_NAMES.map((name) => ({ slug: slugify(name), name }));
export const GENRE_SLUGS = GENRES.map((g) => g.slug) as [string, ...string[]];
export const MAX_GENRES_PER_WORK = 3;

const bySlug = new Map(GENRES.map((g) => [g.slug, g]));
export const genreName = (slug: string) => bySlug.get(slug)?.name ?? null;
