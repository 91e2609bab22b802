import { AppError } from '~/server/errors';
import type { Viewer } from '~/server/viewer.server';

/** Readers linking an edition from which only a curator may change it (PRODUCT.md §B). */
export const CURATOR_ONLY_FROM_READERS = 5;
/** Approved requests after which a reader's small edits apply without review (PRODUCT.md §B). */
export const TRUSTED_AFTER_APPROVALS = 20;
export const CHANGE_REQUESTS_PER_DAY = 50;

/**
 * Small edits (ADR 0011): facts of one printing that do not change which book the edition is. Title, ISBN,
 * format, language, synopsis and everything about authors change identity or reach every edition, so
 * they always go through a curator.
 */
export const SMALL_EDITION_FIELDS: readonly string[] = ['subtitle', 'publisher', 'publicationDate', 'pages'];

export function isSmallEdit(kind: string, fields: readonly string[]): boolean {
  return kind === 'edition_edit' && fields.length > 0 && fields.every((f) => SMALL_EDITION_FIELDS.includes(f));
}

export function canCurate(viewer: Pick<Viewer, 'role'> | null): boolean {
  return viewer?.role === 'curator' || viewer?.role === 'admin';
}

/** A bulk import is its curator's own work in progress: only they, or an admin, may see or confirm it (ADR 0014). */
export function canSeeCatalogImport(viewer: Pick<Viewer, 'id' | 'role'> | null, curatorId: string | null): boolean {
  return canCurate(viewer) && (viewer?.id === curatorId || viewer?.role === 'admin');
}

/** Every curation data function starts here: a reader without the role learns nothing, the same answer as a missing page. */
export function assertCurator(viewer: Viewer): void {
  if (!canCurate(viewer)) throw new AppError('not_found');
}

/** The history field of a merge: the merged record's row, `before` its label, `after` the survivor's id. */
export const MERGED_INTO_FIELD = 'merged_into';

/** Why the history offers no "Reverter" for a merge (decision 0013). */
export const MERGE_NOT_REVERTIBLE =
  'Uma mesclagem não pode ser revertida: os vínculos do registro mesclado (coleções, créditos, cliques, solicitações) passaram ao que ficou e se misturaram aos dele. Se a mesclagem foi um erro, peça a inclusão do registro de novo.';
