import { z } from 'zod';
import { type CatalogEntity, type FieldSpec, fieldsOf } from '~/features/catalog/editable-fields';
import { splitAuthors } from '~/features/catalog/normalize';
import { REQUEST_CODE_PATTERN } from './code';
import { IMPORT_OUTCOME_SLUGS, QUALITY_FLAGS, type FieldRequestKind, type ImportRowOutcome, type QualityFlag } from './types';
import type { FieldChange } from './vocabulary';

const CATALOG_ID = /^[A-Za-z0-9_-]{1,64}$/;
const AUTHOR_SLUG = /^[a-z0-9-]{1,60}$/;

export const NOTE_MAX = 1000;
/** The form field of a proposed cover image, where its errors show. */
export const COVER_INPUT = 'capa';
export const REASON_MAX = 1000;

/** The authors of a new edition, typed as "Nome; Outro Nome" (or with commas, or "e"). */
export const AUTHORS_FIELD: FieldSpec = {
  label: 'Autores',
  input: 'text',
  hint: 'Separe vários autores com ponto e vírgula.',
  schema: z
    .string()
    .trim()
    .max(500, 'Use no máximo 500 caracteres.')
    .transform((v) => splitAuthors(v).join('; '))
    .refine((v) => v.length > 0, 'Informe pelo menos um autor.'),
};

export const entityOfKind = (kind: FieldRequestKind): CatalogEntity => (kind === 'author_edit' || kind === 'new_author' ? 'author' : 'edition');

/** The fields a form of this kind shows, in order. */
export function formFields(kind: FieldRequestKind): [string, FieldSpec][] {
  // A cover is an image, sent through its own form (createCoverRequest), never typed in.
  if (kind === 'edition_cover') return [];
  const specs = Object.entries(fieldsOf(entityOfKind(kind)));
  return kind === 'new_edition' ? [specs[0] as [string, FieldSpec], ['authors', AUTHORS_FIELD], ...specs.slice(1)] : specs;
}

export type ProposalResult = { ok: true; changes: FieldChange[] } | { ok: false; fieldErrors: Record<string, string> };

const emptyToNull = (v: string | undefined | null) => (v == null || v.trim() === '' ? null : v);

/**
 * A request form turned into a diff. For a correction the hidden `visto.<field>` holds what the reader saw
 * when the page loaded, so a curator can tell a stale proposal from a real one; only fields whose
 * (normalised) value differs from that become changes. For a new record every filled field is a change.
 */
export function parseProposal(kind: FieldRequestKind, rawForm: Record<string, string>): ProposalResult {
  // Browsers submit a textarea's line breaks as CRLF; the catalogue stores LF, so an untouched synopsis
  // must not look changed.
  const form = Object.fromEntries(Object.entries(rawForm).map(([k, v]) => [k, v.replace(/\r\n?/g, '\n')]));
  const fieldErrors: Record<string, string> = {};
  const changes: FieldChange[] = [];
  const isNew = kind === 'new_edition' || kind === 'new_author';
  for (const [field, spec] of formFields(kind)) {
    if (!isNew && !(field in form)) continue;
    const parsed = spec.schema.safeParse(form[field] ?? '');
    if (!parsed.success) {
      fieldErrors[field] = parsed.error.issues[0]?.message ?? 'Valor inválido.';
      continue;
    }
    const after = parsed.data;
    if (isNew) {
      if (after !== null) changes.push({ field, before: null, after });
      continue;
    }
    const before = emptyToNull(form[`visto.${field}`]);
    if ((before ?? null) !== after) changes.push({ field, before: before?.slice(0, 10_000) ?? null, after });
  }
  if (Object.keys(fieldErrors).length > 0) return { ok: false, fieldErrors };
  if (changes.length === 0)
    return { ok: false, fieldErrors: { _form: isNew ? 'Preencha os campos do livro.' : 'Altere pelo menos um campo antes de enviar.' } };
  return { ok: true, changes };
}

/** A curator's edited values (edit-then-approve), validated like a reader's. */
export function parseCuratorValues(
  kind: FieldRequestKind,
  fields: readonly string[],
  form: Record<string, string>,
): { ok: true; values: Record<string, string | null> } | { ok: false; fieldErrors: Record<string, string> } {
  const specs = new Map(formFields(kind));
  const values: Record<string, string | null> = {};
  const fieldErrors: Record<string, string> = {};
  for (const field of fields) {
    const spec = specs.get(field);
    if (!spec) continue;
    const parsed = spec.schema.safeParse(form[field] ?? '');
    if (parsed.success) values[field] = parsed.data;
    else fieldErrors[field] = parsed.error.issues[0]?.message ?? 'Valor inválido.';
  }
  return Object.keys(fieldErrors).length > 0 ? { ok: false, fieldErrors } : { ok: true, values };
}

export const requestCodeParam = z.string().regex(REQUEST_CODE_PATTERN);

export const noteSchema = z.string().trim().max(NOTE_MAX, `Use no máximo ${NOTE_MAX} caracteres.`).optional().default('');

export const reviewInput = z.discriminatedUnion(
  'intent',
  [
    z.object({ intent: z.literal('aprovar'), answer: z.string().trim().max(REASON_MAX, `Use no máximo ${REASON_MAX} caracteres.`).optional().default('') }),
    z.object({
      intent: z.literal('editar-e-aprovar'),
      answer: z.string().trim().max(REASON_MAX, `Use no máximo ${REASON_MAX} caracteres.`).optional().default(''),
    }),
    z.object({
      intent: z.literal('mesclar'),
      answer: z.string().trim().max(REASON_MAX, `Use no máximo ${REASON_MAX} caracteres.`).optional().default(''),
      sobrevivente: z.string({ error: 'Escolha qual dos dois registros fica.' }).regex(CATALOG_ID, 'Escolha qual dos dois registros fica.'),
    }),
    z.object({
      intent: z.literal('rejeitar'),
      reason: z
        .string({ error: 'Diga ao leitor por que a solicitação foi rejeitada.' })
        .trim()
        .min(3, 'Diga ao leitor por que a solicitação foi rejeitada.')
        .max(REASON_MAX, `Use no máximo ${REASON_MAX} caracteres.`),
    }),
  ],
  { error: 'Escolha aprovar ou rejeitar.' },
);

const KIND_BY_SLUG = {
  'correcao-edicao': 'edition_edit',
  'correcao-autor': 'author_edit',
  'nova-edicao': 'new_edition',
  'novo-autor': 'new_author',
  'nova-capa': 'edition_cover',
  duplicata: 'duplicate',
} as const;
const STATUS_BY_SLUG = { pendente: 'pending', aprovada: 'approved', rejeitada: 'rejected', retirada: 'withdrawn' } as const;

/** The queue's query string; an unknown value (an old link) falls back to the default instead of failing. */
export const queueParams = z.object({
  tipo: z
    .enum(Object.keys(KIND_BY_SLUG) as [keyof typeof KIND_BY_SLUG])
    .optional()
    .catch(undefined),
  situacao: z
    .enum(Object.keys(STATUS_BY_SLUG) as [keyof typeof STATUS_BY_SLUG])
    .catch('pendente')
    .default('pendente'),
  pagina: z.coerce.number().int().min(1).max(1000).catch(1).default(1),
});

export function toQueueFilters(params: z.output<typeof queueParams>) {
  return { kind: params.tipo ? KIND_BY_SLUG[params.tipo] : undefined, status: STATUS_BY_SLUG[params.situacao], page: params.pagina };
}

const ENTITY_BY_SLUG = { edicao: 'edition', obra: 'work', autor: 'author' } as const;

export const historyParams = z.object({
  entidade: z.enum(['edicao', 'obra', 'autor']).optional().catch(undefined),
  curador: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9_]{1,40}$/)
    .optional()
    .catch(undefined),
  codigo: z.string().trim().toUpperCase().regex(REQUEST_CODE_PATTERN).optional().catch(undefined),
  pagina: z.coerce.number().int().min(1).max(1000).catch(1).default(1),
});

export function toHistoryFilters(params: z.output<typeof historyParams>) {
  const entity = params.entidade ? ENTITY_BY_SLUG[params.entidade] : undefined;
  return { entity, actor: params.curador, code: params.codigo, page: params.pagina };
}

/** Which form /catalogo/solicitar shows: a correction of an edition or author, or a new record. */
export const requestFormParams = z.union([
  z.object({ edicao: z.string().regex(CATALOG_ID) }).transform((p) => ({ kind: 'edition_edit' as const, target: p.edicao })),
  z.object({ autor: z.string().regex(AUTHOR_SLUG) }).transform((p) => ({ kind: 'author_edit' as const, target: p.autor })),
  z
    .object({ tipo: z.literal('nova-edicao'), titulo: z.string().max(300).optional() })
    .transform((p) => ({ kind: 'new_edition' as const, target: null, title: p.titulo ?? '' })),
  z.object({ tipo: z.literal('novo-autor') }).transform(() => ({ kind: 'new_author' as const, target: null })),
]);

/** An import's id in its URL (nanoid). */
export const importIdParam = z.string().regex(CATALOG_ID);

const OUTCOME_BY_SLUG = Object.fromEntries(Object.entries(IMPORT_OUTCOME_SLUGS).map(([outcome, slug]) => [slug, outcome as ImportRowOutcome]));

/** The preview's and report's filter: `?situacao=erro&pagina=2`. */
export const importRowsParams = z.object({
  situacao: z
    .string()
    .transform((slug) => OUTCOME_BY_SLUG[slug])
    .optional()
    .catch(undefined),
  pagina: z.coerce.number().int().min(1).max(1000).catch(1).default(1),
});

export const confirmImportInput = z.object({ intent: z.literal('confirmar', { error: 'Ação desconhecida.' }) });

const FLAG_BY_SLUG = new Map(Object.entries(QUALITY_FLAGS).map(([flag, { slug }]) => [slug, flag as QualityFlag]));

/** /mais-vinculadas?sem=capa&sem=isbn&pagina=2; unknown gaps are ignored (an old link still opens). */
export const linkedParams = z.object({
  sem: z.array(z.string()).catch([]).default([]),
  pagina: z.coerce.number().int().min(1).max(1000).catch(1).default(1),
});

export function toLinkedFilters(params: z.output<typeof linkedParams>): { flags: QualityFlag[]; page: number } {
  const flags = params.sem.flatMap((slug) => FLAG_BY_SLUG.get(slug) ?? []);
  return { flags: [...new Set(flags)], page: params.pagina };
}

/**
 * What a person pasted to name a record: its page's link (`https://…/ed/{id}`, `/autor/{identificador}`)
 * or the bare id / identificador. Null when it names nothing of that kind.
 */
export function recordRefFromText(kind: 'edition' | 'work' | 'author', text: string): string | null {
  const trimmed = text.trim();
  const pattern = kind === 'author' ? /\/autor\/([a-z0-9-]{1,60})(?:[/?#]|$)/ : /\/ed\/([A-Za-z0-9_-]{1,64})(?:[/?#]|$)/;
  const fromLink = pattern.exec(trimmed)?.[1];
  if (fromLink) return fromLink;
  return (kind === 'author' ? AUTHOR_SLUG : CATALOG_ID).test(trimmed) ? trimmed : null;
}

/** /catalogo/informar-duplicata: the record the reader came from. */
export const duplicateFormParams = z.union([
  z
    .object({ edicao: z.string().regex(CATALOG_ID), busca: z.string().max(200).optional() })
    .transform((p) => ({ entity: 'edition' as const, ref: p.edicao, query: p.busca?.trim() ?? '' })),
  z
    .object({ autor: z.string().regex(AUTHOR_SLUG), busca: z.string().max(200).optional() })
    .transform((p) => ({ entity: 'author' as const, ref: p.autor, query: p.busca?.trim() ?? '' })),
]);

const pickedOrPasted = (kind: 'edition' | 'author') =>
  z.object({ outro: z.string().optional(), link: z.string().max(500, 'Use no máximo 500 caracteres.').optional(), note: noteSchema }).transform((v, ctx) => {
    const ref = v.outro ? recordRefFromText(kind, v.outro) : v.link?.trim() ? recordRefFromText(kind, v.link) : null;
    if (!ref) {
      const message = v.link?.trim()
        ? kind === 'edition'
          ? 'Cole o link da página da outra edição (…/ed/…).'
          : 'Cole o link da página do outro autor (…/autor/…).'
        : kind === 'edition'
          ? 'Escolha a outra edição na busca ou cole o link dela.'
          : 'Escolha o outro autor na busca ou cole o link dele.';
      ctx.addIssue({ code: 'custom', path: ['link'], message });
      return z.NEVER;
    }
    return { other: ref, note: v.note };
  });

export const duplicateInput = { edition: pickedOrPasted('edition'), author: pickedOrPasted('author') };

const MERGE_KIND_BY_SLUG = { edicao: 'edition', obra: 'work', autor: 'author' } as const;

/** /gerenciar/catalogo/mesclar: the kind and the two records as typed (links or ids); empty until the curator fills them. */
export const mergeParams = z.object({
  tipo: z.enum(['edicao', 'obra', 'autor']).catch('edicao').default('edicao'),
  manter: z.string().max(500).catch('').default(''),
  mesclar: z.string().max(500).catch('').default(''),
});

export const mergeKindOf = (slug: keyof typeof MERGE_KIND_BY_SLUG) => MERGE_KIND_BY_SLUG[slug];

export const mergeInput = z.object({ intent: z.literal('mesclar', { error: 'Ação desconhecida.' }) });

/** The queue of pending editions: `?pagina=2`. */
export const pendingParams = z.object({ pagina: z.coerce.number().int().min(1).max(1000).catch(1).default(1) });

/** "Revisada" on one pending edition. */
export const pendingReviewInput = z.object({ intent: z.literal('revisada', { error: 'Ação desconhecida.' }), id: z.string().min(1).max(64) });
