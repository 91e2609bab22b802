import { z } from 'zod';
import { progressActionInputs } from '../progress/progress';
import { GENRE_SLUGS } from '~/features/catalog/genres';
import { VISIBILITIES } from '~/features/social/vocabulary';
import { reviewActionInputs } from '../reviews/validation';
import { NOTES_MAX, SHELF_DESCRIPTION_MAX, SHELF_NAME_MAX } from './policy';
import type { BookshelfFilters } from '../types';
import { MAX_RATING, MIN_RATING, STATUS_SLUGS, statusFromSlug } from '../statuses';
import { SHELF_STATUSES } from '../vocabulary';
import { EDITION_FORMATS } from '~/features/catalog/vocabulary';

const statusSlug = z.string({ error: 'Escolha uma situação.' }).transform((slug, ctx) => {
  const status = statusFromSlug(slug);
  if (!status) {
    ctx.addIssue({ code: 'custom', message: 'Escolha uma situação.' });
    return z.NEVER;
  }
  return status;
});

/** "4,25" or "4.25": a number from 0,25 to 5 in steps of 0,25. */
export const ratingField = z
  .string()
  .trim()
  .transform((raw, ctx) => {
    const value = Number(raw.replace(',', '.'));
    if (!raw || !Number.isFinite(value) || value < MIN_RATING || value > MAX_RATING || !Number.isInteger(value * 4)) {
      ctx.addIssue({ code: 'custom', message: 'A nota vai de 0,25 a 5, em passos de 0,25.' });
      return z.NEVER;
    }
    return value;
  });

/** Formats in URLs: the catalogue's values with hyphens ("capa-dura"). */
export const formatSlug = (format: string) => format.replace('_', '-');
const formatFromSlug = z
  .enum(EDITION_FORMATS.map(formatSlug) as [string, ...string[]])
  .transform((slug) => EDITION_FORMATS.find((f) => formatSlug(f) === slug)!);

const shelfId = z.string({ error: 'Escolha uma estante.' }).trim().min(1, 'Escolha uma estante.').max(40);

/** Owned copy and private notes of an entry: one small form on the edition page. */
const copyInput = z.object({
  intent: z.literal('exemplar'),
  owned: z
    .literal('sim')
    .optional()
    .transform((v) => v === 'sim'),
  ownedFormat: z.union([z.literal(''), z.enum(EDITION_FORMATS, { error: 'Escolha um formato da lista.' })]).transform((v) => (v === '' ? null : v)),
  notes: z
    .string()
    .max(NOTES_MAX, `Use no máximo ${NOTES_MAX.toLocaleString('pt-BR')} caracteres.`)
    .transform((v) => (v.trim() === '' ? null : v)),
});

/** The shelf actions of an edition page, one form each (they work without JavaScript). */
export const shelfActionInput = z.discriminatedUnion('intent', [
  copyInput,
  z.object({ intent: z.literal('adicionar-a-estante'), shelf: shelfId }),
  z.object({ intent: z.literal('tirar-da-estante'), shelf: shelfId }),
  z.object({ intent: z.literal('situacao'), status: statusSlug }),
  z.object({ intent: z.literal('avaliar'), rating: ratingField }),
  z.object({ intent: z.literal('tirar-nota') }),
  z.object({ intent: z.literal('favorito'), favorite: z.enum(['sim', 'nao']).transform((v) => v === 'sim') }),
  z.object({ intent: z.literal('remover') }),
  ...progressActionInputs,
  ...reviewActionInputs,
]);

export const BOOKSHELF_SORTS = ['recentes', 'titulo', 'autor', 'nota', 'leitura'] as const;
export type BookshelfSort = (typeof BOOKSHELF_SORTS)[number];
export const RATING_FILTERS = ['5', '4', '3', '2', '1', 'sem-nota'] as const;

/** /estante's query string: every filter, the sort, the view and the page; anything unknown is ignored. */
export const bookshelfParams = z.object({
  situacao: z
    .enum(SHELF_STATUSES.map((status) => STATUS_SLUGS[status]) as [string, ...string[]])
    .optional()
    .catch(undefined),
  ano: z.coerce.number().int().min(1900).max(2200).optional().catch(undefined),
  nota: z.enum(RATING_FILTERS).optional().catch(undefined),
  formato: formatFromSlug.optional().catch(undefined),
  tenho: z.enum(['sim', 'nao']).optional().catch(undefined),
  genero: z.enum(GENRE_SLUGS).optional().catch(undefined),
  idioma: z
    .string()
    .regex(/^[a-z]{2}$/)
    .optional()
    .catch(undefined),
  estante: z.string().max(40).optional().catch(undefined),
  ordem: z.enum(BOOKSHELF_SORTS).catch('recentes'),
  visao: z.enum(['lista', 'grade']).catch('lista'),
  pagina: z.coerce.number().int().min(1).max(10_000).catch(1),
});
export type BookshelfParams = z.output<typeof bookshelfParams>;

export function filtersFromParams(params: BookshelfParams): BookshelfFilters {
  return {
    status: params.situacao ? statusFromSlug(params.situacao) : undefined,
    year: params.ano,
    rating: params.nota === 'sem-nota' ? 'none' : params.nota ? Number(params.nota) : undefined,
    format: params.formato,
    owned: params.tenho ? params.tenho === 'sim' : undefined,
    genre: params.genero,
    language: params.idioma,
    shelfId: params.estante,
  };
}

/** Bulk status change on /estante: the checked entries (read with getAll) and the new status. */
export const bulkMoveInput = z.object({
  status: statusSlug,
  entries: z.array(z.string().max(40)).min(1, 'Marque pelo menos um livro.').max(200, 'Marque no máximo 200 livros de cada vez.'),
});

const shelfFields = {
  name: z.string({ error: 'Dê um nome à estante.' }).trim().min(1, 'Dê um nome à estante.').max(SHELF_NAME_MAX, `Use no máximo ${SHELF_NAME_MAX} caracteres.`),
  description: z.string().trim().max(SHELF_DESCRIPTION_MAX, `Use no máximo ${SHELF_DESCRIPTION_MAX} caracteres.`).default(''),
  visibility: z.enum(VISIBILITIES, { error: 'Escolha quem pode ver a estante.' }),
};
export const shelfInput = z.object(shelfFields);
export type ShelfInput = z.output<typeof shelfInput>;

const entryId = z.string({ error: 'Escolha um livro.' }).trim().min(1, 'Escolha um livro.').max(40);

/** The owner's forms on /estante/{id}. */
export const shelfPageInput = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('editar'), ...shelfFields }),
  z.object({ intent: z.literal('excluir') }),
  z.object({ intent: z.literal('adicionar'), entry: entryId }),
  z.object({ intent: z.literal('tirar'), entry: entryId }),
  z.object({ intent: z.literal('subir'), entry: entryId }),
  z.object({ intent: z.literal('descer'), entry: entryId }),
]);

export const shelvesPageParams = z.object({ pagina: z.coerce.number().int().min(1).max(10_000).catch(1) });
