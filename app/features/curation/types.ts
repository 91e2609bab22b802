import type { CatalogRecordCard } from '~/features/catalog/types';
import type { FieldChange } from './vocabulary';

export type ChangeRequestKind = 'edition_edit' | 'author_edit' | 'new_edition' | 'new_author' | 'edition_cover' | 'duplicate';
/** The kinds that propose field values (a duplicate report proposes a merge instead). */
export type FieldRequestKind = Exclude<ChangeRequestKind, 'duplicate'>;
export type ChangeRequestStatus = 'pending' | 'approved' | 'rejected' | 'withdrawn';

/** URL and UI names of kinds and statuses: Portuguese for people, English in code. */
export const KIND_LABELS: Record<ChangeRequestKind, string> = {
  edition_edit: 'Correção de edição',
  author_edit: 'Correção de autor',
  new_edition: 'Nova edição',
  new_author: 'Novo autor',
  edition_cover: 'Nova capa',
  duplicate: 'Duplicata',
};
export const KIND_SLUGS: Record<ChangeRequestKind, string> = {
  edition_edit: 'correcao-edicao',
  author_edit: 'correcao-autor',
  new_edition: 'nova-edicao',
  new_author: 'novo-autor',
  edition_cover: 'nova-capa',
  duplicate: 'duplicata',
};
export const STATUS_LABELS: Record<ChangeRequestStatus, string> = { pending: 'pendente', approved: 'aprovada', rejected: 'rejeitada', withdrawn: 'retirada' };

export type ChangeRequestSummary = {
  id: string;
  code: string;
  kind: ChangeRequestKind;
  status: ChangeRequestStatus;
  targetLabel: string;
  /** Where the target lives now (/ed/{id}, /autor/{identificador}); null before a new record exists. */
  targetPath: string | null;
  entity: 'edition' | 'author';
  /** A duplicate report's other record, as it is now (after a merge, the survivor). */
  duplicate: { label: string; path: string } | null;
  changes: FieldChange[];
  note: string | null;
  answer: string | null;
  appliedDirectly: boolean;
  /** null once the requester deleted their account ("leitor removido"). */
  requester: { username: string; name: string } | null;
  reviewer: { username: string; name: string } | null;
  createdAt: string;
  decidedAt: string | null;
};

/** A field of a request under review: the live value now and whether it moved since the requester saw it. */
export type ReviewedChange = FieldChange & { current: string | null; conflict: boolean };

/** `records`: a duplicate report's two records side by side (null for one merged away or removed since). */
export type ChangeRequestReview = ChangeRequestSummary & { reviewed: ReviewedChange[]; records: [CatalogRecordCard | null, CatalogRecordCard | null] | null };

export type RequestTarget = { kind: FieldRequestKind; targetId: string | null; label: string; path: string | null; values: Record<string, string | null> };

export type CurationDashboard = {
  pending: { kind: ChangeRequestKind; count: number }[];
  oldestPendingAt: string | null;
  gaps: { withoutCover: number; withoutIsbn: number; withoutPages: number; editions: number };
};

export type CatalogChangeRow = {
  id: string;
  entityType: 'edition' | 'work' | 'author';
  entityId: string;
  entityLabel: string;
  entityPath: string | null;
  field: string;
  before: string | null;
  after: string | null;
  actor: { username: string; name: string } | null;
  code: string | null;
  revertOfId: string | null;
  /** A merge's survivor: where the merged record's links went. */
  mergedInto: { label: string; path: string | null } | null;
  createdAt: string;
};

/** What the preview expects of an import row, and, once imported, what happened (`new` → `created` or `existing`). */
export type ImportRowOutcome = 'new' | 'duplicate' | 'existing' | 'error' | 'created';
export type CatalogImportStatus = 'reading' | 'preview' | 'importing' | 'imported';
export const IMPORT_OUTCOME_LABELS: Record<ImportRowOutcome, string> = {
  new: 'nova',
  duplicate: 'duplicada no arquivo',
  existing: 'já no catálogo',
  error: 'erro',
  created: 'criada',
};
/** The outcome filter's values in the URL (`?situacao=`). */
export const IMPORT_OUTCOME_SLUGS: Record<ImportRowOutcome, string> = {
  new: 'nova',
  duplicate: 'duplicada',
  existing: 'existente',
  error: 'erro',
  created: 'criada',
};

export type CatalogImportSummary = {
  id: string;
  fileName: string;
  status: CatalogImportStatus;
  curator: { username: string; name: string } | null;
  counts: Record<ImportRowOutcome, number>;
  /** The file's rows. */
  total: number;
  /** While the job works (`reading`, `importing`): rows read of the file's, or editions settled of those confirmed. */
  progress: { done: number; total: number } | null;
  createdAt: string;
  importedAt: string | null;
};

export type CatalogImportRow = {
  line: number;
  title: string;
  isbn13: string | null;
  outcome: ImportRowOutcome;
  message: string | null;
  editionPath: string | null;
};

export type CatalogImportDetail = CatalogImportSummary & {
  ignoredColumns: string[];
  rows: CatalogImportRow[];
  rowsTotal: number;
  page: number;
  pageSize: number;
};
/** The quality gaps of an edition that /mais-vinculadas filters by (URL value in Portuguese). */
export type QualityFlag = 'cover' | 'isbn' | 'pages';
export const QUALITY_FLAGS: Record<QualityFlag, { slug: string; label: string }> = {
  cover: { slug: 'capa', label: 'Sem capa' },
  isbn: { slug: 'isbn', label: 'Sem ISBN' },
  pages: { slug: 'paginas', label: 'Sem páginas' },
};

export type LinkedEditionRow = {
  rank: number;
  id: string;
  title: string;
  authors: string | null;
  coverUrl: string | null;
  flags: QualityFlag[];
  /** Links per source key (every source of the page, 0 when it does not link the edition). */
  counts: Record<string, number>;
  total: number;
};

export type LinkedEditionsPage = {
  sources: { key: string; label: string }[];
  items: LinkedEditionRow[];
  /** Matches, counted up to `totalCapped`'s threshold. */
  total: number;
  totalCapped: boolean;
  page: number;
  pageSize: number;
  refreshedAt: string | null;
};
