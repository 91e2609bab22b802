import { data } from 'react-router';
import type { Route } from './+types/gerenciar.catalogo.importar.$id.relatorio[.]csv';
import { listCatalogImportReport } from '~/features/curation/imports.server';
import { IMPORT_OUTCOME_LABELS } from '~/features/curation/types';
import { importIdParam } from '~/features/curation/validation';
import { toCsv } from '~/lib/csv';
import { requireRole } from '~/server/viewer.server';

/** The per-row report of an import as a spreadsheet: line, title, ISBN, outcome, reason and the edition's address. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const viewer = await requireRole({ request, context }, ['curator', 'admin']);
  const id = importIdParam.safeParse(params.id);
  const report = id.success ? await listCatalogImportReport(viewer, id.data) : null;
  if (!report) throw data(null, { status: 404 });
  const origin = new URL(request.url).origin;
  const csv = toCsv([
    ['linha', 'título', 'isbn13', 'situação', 'motivo', 'edição'],
    ...report.rows.map((row) => [
      row.line,
      row.title,
      row.isbn13,
      IMPORT_OUTCOME_LABELS[row.outcome],
      row.message,
      row.editionPath ? `${origin}${row.editionPath}` : null,
    ]),
  ]);
  const name = `importacao-${report.summary.createdAt.slice(0, 10)}-${report.summary.id.slice(0, 8)}.csv`;
  return new Response(csv, {
    headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${name}"`, 'Cache-Control': 'private, no-store' },
  });
}
