import { z } from 'zod';
import { parseIsbn } from '~/lib/isbn';
import { normalizeName, normalizeTitle } from './normalize';

/**
 * The fields of an edition and of an author that readers may propose changes to and curators may edit.
 * Every value travels as text (or null when empty) so a diff, a history row and a form field all hold the
 * same thing; `parse` turns what a person typed into the stored text, or a Portuguese error.
 */
export type FieldSpec = {
  label: string;
  input: 'text' | 'textarea' | 'number' | 'select';
  options?: readonly { value: string; label: string }[];
  hint?: string;
  schema: z.ZodType<string | null>;
};

const optionalText = (max: number, transform: (v: string) => string = (v) => v) =>
  z
    .string()
    .trim()
    .max(max, `Use no máximo ${max} caracteres.`)
    .transform((v) => (v ? transform(v) : null));

const requiredText = (max: number, message: string, transform: (v: string) => string) =>
  z
    .string()
    .trim()
    .min(1, message)
    .max(max, `Use no máximo ${max} caracteres.`)
    .transform((v): string | null => transform(v));

const optionalInt = (min: number, max: number, message: string) =>
  z
    .string()
    .trim()
    .refine((v) => v === '' || (/^-?\d+$/.test(v) && Number(v) >= min && Number(v) <= max), message)
    .transform((v) => (v === '' ? null : String(Number(v))));

export const FORMAT_OPTIONS = [
  { value: 'brochura', label: 'Brochura' },
  { value: 'capa_dura', label: 'Capa dura' },
  { value: 'ebook', label: 'E-book' },
  { value: 'audiolivro', label: 'Audiolivro' },
] as const;

export const EDITION_FIELDS = {
  title: { label: 'Título', input: 'text', schema: requiredText(300, 'Informe o título.', normalizeTitle) },
  subtitle: { label: 'Subtítulo', input: 'text', schema: optionalText(300, normalizeName) },
  isbn: {
    label: 'ISBN',
    input: 'text',
    hint: 'ISBN-10 ou ISBN-13, com ou sem hífens.',
    schema: z
      .string()
      .trim()
      .refine((v) => v === '' || parseIsbn(v) !== null, 'Esse ISBN não é válido: confira os dígitos.')
      .transform((v) => (v === '' ? null : (parseIsbn(v)?.isbn13 ?? null))),
  },
  publisher: { label: 'Editora', input: 'text', schema: optionalText(200, normalizeName) },
  publicationDate: {
    label: 'Data de publicação',
    input: 'text',
    hint: 'Ano (2019), ano e mês (2019-03) ou data completa (2019-03-14).',
    schema: z
      .string()
      .trim()
      .refine((v) => v === '' || /^\d{4}(-(0[1-9]|1[0-2])(-(0[1-9]|[12]\d|3[01]))?)?$/.test(v), 'Use o formato 2019, 2019-03 ou 2019-03-14.')
      .transform((v) => v || null),
  },
  pages: { label: 'Páginas', input: 'number', schema: optionalInt(1, 20_000, 'Informe um número de páginas entre 1 e 20.000.') },
  format: {
    label: 'Formato',
    input: 'select',
    options: FORMAT_OPTIONS,
    schema: z.enum(['brochura', 'capa_dura', 'ebook', 'audiolivro'], { error: 'Escolha um formato da lista.' }),
  },
  language: {
    label: 'Idioma',
    input: 'text',
    hint: 'Código de duas letras: pt, en, es…',
    schema: z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^[a-z]{2}$/, 'Use o código de duas letras do idioma (pt, en, es…).'),
  },
  synopsis: { label: 'Sinopse', input: 'textarea', hint: 'A sinopse é da obra: vale para todas as edições dela.', schema: optionalText(5000) },
} satisfies Record<string, FieldSpec>;

export const AUTHOR_FIELDS = {
  name: { label: 'Nome', input: 'text', schema: requiredText(200, 'Informe o nome.', normalizeName) },
  nationality: { label: 'Nacionalidade', input: 'text', hint: 'O país, em português (Brasil, Portugal, Angola…).', schema: optionalText(80, normalizeName) },
  birthYear: { label: 'Ano de nascimento', input: 'number', schema: optionalInt(-3000, 2100, 'Informe um ano válido (ou deixe vazio).') },
  deathYear: { label: 'Ano de morte', input: 'number', schema: optionalInt(-3000, 2100, 'Informe um ano válido (ou deixe vazio).') },
  bio: { label: 'Biografia', input: 'textarea', schema: optionalText(5000) },
} satisfies Record<string, FieldSpec>;

export type EditionField = keyof typeof EDITION_FIELDS;
export type AuthorField = keyof typeof AUTHOR_FIELDS;
export type CatalogEntity = 'edition' | 'author';
export type FieldValues<F extends string> = Record<F, string | null>;

export const EDITION_FIELD_KEYS = Object.keys(EDITION_FIELDS) as EditionField[];
export const AUTHOR_FIELD_KEYS = Object.keys(AUTHOR_FIELDS) as AuthorField[];

/** The edition's cover URL: changed only by an approved cover request (an image, not a typed value). */
export const COVER_FIELD = 'cover';

export function fieldsOf(entity: CatalogEntity): Record<string, FieldSpec> {
  return entity === 'edition' ? EDITION_FIELDS : AUTHOR_FIELDS;
}

/** A history row's field in Portuguese; works appear in the history only through merges. */
export function fieldLabel(entity: CatalogEntity | 'work', field: string): string {
  if (field === 'created') return 'Inclusão';
  if (field === COVER_FIELD) return 'Capa';
  if (field === 'merged_into') return 'Mesclagem';
  return entity === 'work' ? field : (fieldsOf(entity)[field]?.label ?? field);
}

/** How a stored value reads in a diff: the format's Portuguese name, "(vazio)" for nothing. */
export function displayValue(field: string, value: string | null): string {
  if (value === null || value === '') return '(vazio)';
  if (field === 'format') return FORMAT_OPTIONS.find((o) => o.value === value)?.label ?? value;
  return value;
}
