import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test/db';
import { createEdition, createUser, formRequest, getRequest, testViewer } from '../../test/factories';
import * as upload from './gerenciar.catalogo.importar';
import * as detail from './gerenciar.catalogo.importar.$id';
import * as report from './gerenciar.catalogo.importar.$id.relatorio[.]csv';
import { queryRows } from '~/db/client.server';
import { searchEditions } from '~/features/catalog/search.server';
import { bodyLimitOf } from '~/body-limits.server';
import { IMPORT_CHUNK, runCatalogImportBatch } from '~/features/curation/import-job.server';
import { IMPORT_ROWS_PAGE_SIZE, confirmCatalogImport } from '~/features/curation/imports.server';
import { claimJobs, releaseLeases, runJobsOnce } from '~/server/jobs.server';
import { parseCsv } from '~/lib/csv';
import { renderPage } from '../../test/render';
import { routeArgs, type Handler } from '../../test/routes';

useTestDatabase();

const act = upload.action as unknown as Handler;
const loadDetail = detail.loader as unknown as Handler;
const confirm = detail.action as unknown as Handler;
const loadReport = report.loader as unknown as Handler;

function uploadRequest(cookie: string, parts: { file?: File; texto?: string }): Request {
  const form = new FormData();
  if (parts.file) form.set('arquivo', parts.file);
  form.set('texto', parts.texto ?? '');
  return new Request('http://localhost:3000/gerenciar/catalogo/importar', {
    method: 'POST',
    body: form,
    headers: { Origin: 'http://localhost:3000', Cookie: cookie },
  });
}

const statusOf = (result: unknown) => (result as { init?: { status?: number } }).init?.status;
const dataOf = (result: unknown) => (result as { data: { fieldErrors: Record<string, string>; fields: Record<string, string> } }).data;
const importIdOf = (result: unknown) => {
  const location = (result as Response).headers.get('location') ?? '';
  expect(location).toMatch(/^\/gerenciar\/catalogo\/importar\/[A-Za-z0-9_-]{21}$/);
  return location.split('/').at(-1) ?? '';
};
const counts = async () =>
  (
    await queryRows<{ editions: number; history: number }>(
      sql`SELECT (SELECT count(*) FROM editions)::int AS editions, (SELECT count(*) FROM catalog_changes)::int AS history`,
    )
  )[0];

/** Runs the queue until it is empty, as the server's runner does. */
async function runImportJobs() {
  while ((await runJobsOnce('teste')) > 0);
}

async function thrownStatus(fn: () => Promise<unknown>): Promise<number | 'ok'> {
  try {
    await fn();
    return 'ok';
  } catch (thrown) {
    return (thrown as { init?: { status?: number } }).init?.status ?? -1;
  }
}

const FILE = [
  '\uFEFFTítulo;Autores;Editora;ISBN;Páginas;Formato;Sinopse;Observação',
  'O Quinze;Rachel de Queiroz;José Olympio;978-85-08-01234-3;208;brochura;"Seca de 1915;',
  'a retirada";lido em 2020',
  'Vidas Secas;Graciliano Ramos;Record;8535902775;176;brochura;;',
  'Memorial de Aires;Machado de Assis;Garnier;978-85-359-0277-9;;;;',
  'O quinze (repetido);Rachel de Queiroz;;8508012349;;;;',
  'Sem ISBN nenhum;Autora Inventada;Editora Pequena;;99;e-book;;',
].join('\r\n');

describe('bulk import of editions', () => {
  it('previews without writing, imports on confirm, and a second confirm writes nothing twice', async () => {
    const curator = await createUser({ role: 'curator' });
    const existingId = await createEdition({ title: 'Vidas Secas', authors: ['Graciliano Ramos'], isbn: '9788535902778', pages: 176 });
    const before = await counts();

    const created = await act(routeArgs(uploadRequest(curator.cookie, { file: new File([FILE], 'lote.csv', { type: 'text/csv' }) })));
    const id = importIdOf(created);
    await runImportJobs();
    expect(await counts()).toEqual(before);

    const path = `/gerenciar/catalogo/importar/${id}`;
    const preview = (await loadDetail(routeArgs(getRequest(path, curator.cookie), { id }))) as Awaited<ReturnType<typeof detail.loader>>;
    expect(preview.detail).toMatchObject({
      status: 'preview',
      fileName: 'lote.csv',
      ignoredColumns: ['Observação'],
      total: 5,
      counts: { new: 2, existing: 1, duplicate: 1, error: 1, created: 0 },
    });
    expect(preview.detail.rows.map((r) => [r.line, r.outcome, r.message, r.editionPath])).toEqual([
      [2, 'new', null, null],
      [4, 'existing', null, `/ed/${existingId}`],
      [5, 'error', 'ISBN inválido (978-85-359-0277-9): confira os dígitos.', null],
      [6, 'duplicate', 'Mesmo ISBN da linha 2.', null],
      [7, 'new', null, null],
    ]);
    const errorsOnly = (await loadDetail(routeArgs(getRequest(`${path}?situacao=erro`, curator.cookie), { id }))) as typeof preview;
    expect(errorsOnly.detail.rows.map((r) => r.line)).toEqual([5]);

    const confirmed = (await confirm(routeArgs(formRequest(path, { intent: 'confirmar' }, { cookie: curator.cookie }), { id }))) as Response;
    expect(confirmed.headers.get('location')).toBe(path);
    await runImportJobs();
    const after = await counts();
    expect(after).toEqual({ editions: (before?.editions ?? 0) + 2, history: (before?.history ?? 0) + 2 });

    await confirm(routeArgs(formRequest(path, { intent: 'confirmar' }, { cookie: curator.cookie }), { id }));
    await confirmCatalogImport(testViewer(curator, 'curator'), id);
    await runImportJobs();
    expect(await counts()).toEqual(after);

    const done = (await loadDetail(routeArgs(getRequest(path, curator.cookie), { id }))) as typeof preview;
    expect(done.detail).toMatchObject({ status: 'imported', counts: { new: 0, created: 2, existing: 1, duplicate: 1, error: 1 } });
    const quinze = done.detail.rows.find((r) => r.line === 2);
    expect(quinze).toMatchObject({ outcome: 'created', title: 'O Quinze' });

    // Search finds the new edition at once, by words and by either ISBN form.
    const found = await searchEditions('o quinze rachel');
    expect(found.items.map((e) => `/ed/${e.id}`)).toContain(quinze?.editionPath);
    expect((await searchEditions('85-08-01234-9')).items.map((e) => `/ed/${e.id}`)).toEqual([quinze?.editionPath]);

    const history = await queryRows<Record<string, string>>(sql`SELECT entity_id, field, after, actor_id FROM catalog_changes ORDER BY after`);
    expect(history.map((r) => [r.field, r.after, r.actor_id])).toEqual([
      ['created', 'O Quinze', curator.id],
      ['created', 'Sem ISBN nenhum', curator.id],
    ]);

    const csv = (await loadReport(routeArgs(getRequest(`${path}/relatorio.csv`, curator.cookie), { id }))) as Response;
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toMatch(/^attachment; filename="importacao-\d{4}-\d{2}-\d{2}-.{8}\.csv"$/);
    const lines = parseCsv(await csv.text());
    expect(lines[0]).toEqual(['linha', 'título', 'isbn13', 'situação', 'motivo', 'edição']);
    expect(lines.slice(1).map((l) => [l[0], l[3]])).toEqual([
      ['2', 'criada'],
      ['4', 'já no catálogo'],
      ['5', 'erro'],
      ['6', 'duplicada no arquivo'],
      ['7', 'criada'],
    ]);
    expect(lines[1]?.[5]).toBe(`http://localhost:3000${quinze?.editionPath}`);
  });

  it('imports pasted text, and keeps it next to the message when the file cannot be read', async () => {
    const curator = await createUser({ role: 'curator' });
    const noTitle = await act(routeArgs(uploadRequest(curator.cookie, { texto: 'autor\tisbn\nAlguém\t123' })));
    expect(statusOf(noTitle)).toBe(400);
    expect(dataOf(noTitle).fieldErrors.arquivo).toMatch(/^Não encontramos a coluna de título/);
    // Browsers send a textarea's line breaks as CRLF.
    expect(dataOf(noTitle).fields.texto).toBe('autor\tisbn\r\nAlguém\t123');

    const nothing = await act(routeArgs(uploadRequest(curator.cookie, {})));
    expect(dataOf(nothing).fieldErrors.arquivo).toBe('Escolha um arquivo ou cole o conteúdo da planilha.');
    const tooMany = await act(routeArgs(uploadRequest(curator.cookie, { texto: `titulo\n${'Livro\n'.repeat(50_001)}` })));
    expect(dataOf(tooMany).fieldErrors.arquivo).toBe('O arquivo tem 50.001 linhas; o limite é 50.000 por importação. Divida-o em partes.');
    const big = await act(routeArgs(uploadRequest(curator.cookie, { file: new File([`titulo\n${'x'.repeat(20 * 1024 * 1024)}\n`], 'grande.csv') })));
    expect(dataOf(big).fieldErrors.arquivo).toBe('O arquivo passa do limite de 20 MB. Divida-o em partes.');

    const pasted = await act(routeArgs(uploadRequest(curator.cookie, { texto: 'title,author\nA Hora da Estrela,Clarice Lispector' })));
    const id = importIdOf(pasted);
    await runImportJobs();
    const page = (await loadDetail(routeArgs(getRequest(`/gerenciar/catalogo/importar/${id}`, curator.cookie), { id }))) as Awaited<
      ReturnType<typeof detail.loader>
    >;
    expect(page.detail).toMatchObject({ fileName: 'Texto colado', counts: { new: 1 } });
  });

  it("is its curator's own: another curator gets 404 on page, confirm and report; an admin may see and confirm it", async () => {
    const owner = await createUser({ role: 'curator' });
    const other = await createUser({ role: 'curator' });
    const admin = await createUser({ role: 'admin' });
    const id = importIdOf(await act(routeArgs(uploadRequest(owner.cookie, { texto: 'titulo;autor\nA Hora da Estrela;Clarice Lispector' }))));
    await runImportJobs();
    const path = `/gerenciar/catalogo/importar/${id}`;
    const before = await counts();

    expect(await thrownStatus(() => loadDetail(routeArgs(getRequest(path, other.cookie), { id })))).toBe(404);
    expect(await thrownStatus(() => confirm(routeArgs(formRequest(path, { intent: 'confirmar' }, { cookie: other.cookie }), { id })))).toBe(404);
    expect(await thrownStatus(() => loadReport(routeArgs(getRequest(`${path}/relatorio.csv`, other.cookie), { id })))).toBe(404);
    const othersList = (
      await upload.loader(routeArgs(getRequest('/gerenciar/catalogo/importar', other.cookie)) as unknown as Parameters<typeof upload.loader>[0])
    ).imports;
    expect(othersList).toEqual([]);
    expect(await counts()).toEqual(before);

    const adminPage = await upload.loader(
      routeArgs(getRequest('/gerenciar/catalogo/importar', admin.cookie)) as unknown as Parameters<typeof upload.loader>[0],
    );
    expect(adminPage.imports.map((i) => [i.id, i.curator?.username])).toEqual([[id, owner.username]]);
    // Whose import it is: a link to the curator's profile, in the list and on the import's page.
    const ownerLink = new RegExp(`<a[^>]*href="/u/${owner.username}"[^>]*>@${owner.username}</a>`);
    expect(renderPage(upload.default, adminPage, '/gerenciar/catalogo/importar')).toMatch(ownerLink);
    expect(renderPage(detail.default, await loadDetail(routeArgs(getRequest(path, admin.cookie), { id })), path)).toMatch(ownerLink);
    expect(await thrownStatus(() => confirm(routeArgs(formRequest(path, { intent: 'confirmar' }, { cookie: admin.cookie }), { id })))).toBe('ok');
    await runImportJobs();
    expect((await counts())?.editions).toBe((before?.editions ?? 0) + 1);
  });

  it('recognises at confirm time an edition added to the catalogue after the preview', async () => {
    const curator = await createUser({ role: 'curator' });
    const id = importIdOf(await act(routeArgs(uploadRequest(curator.cookie, { texto: 'titulo,autor,isbn\nVidas Secas,Graciliano Ramos,9788535902778' }))));
    await runImportJobs();
    const meanwhile = await createEdition({ title: 'Vidas Secas', authors: ['Graciliano Ramos'], isbn: '8535902775' });
    await confirmCatalogImport(testViewer(curator, 'curator'), id);
    await runImportJobs();
    const page = (await loadDetail(routeArgs(getRequest(`/gerenciar/catalogo/importar/${id}`, curator.cookie), { id }))) as Awaited<
      ReturnType<typeof detail.loader>
    >;
    expect(page.detail.rows).toEqual([expect.objectContaining({ outcome: 'existing', editionPath: `/ed/${meanwhile}` })]);
    expect((await counts())?.history).toBe(0);
  });

  it('imports more rows than one transaction takes, chunk after chunk', async () => {
    const curator = await createUser({ role: 'curator' });
    const rows = Array.from({ length: IMPORT_CHUNK * 2 + 5 }, (_, i) => `Livro de Teste ${i + 1};Autora ${i % 7}`);
    const id = importIdOf(await act(routeArgs(uploadRequest(curator.cookie, { texto: ['titulo;autor', ...rows].join('\n') }))));
    await runImportJobs();
    await confirmCatalogImport(testViewer(curator, 'curator'), id);
    await runImportJobs();
    expect(await counts()).toEqual({ editions: IMPORT_CHUNK * 2 + 5, history: IMPORT_CHUNK * 2 + 5 });
    const page = (await loadDetail(routeArgs(getRequest(`/gerenciar/catalogo/importar/${id}?pagina=3`, curator.cookie), { id }))) as Awaited<
      ReturnType<typeof detail.loader>
    >;
    expect(page.detail).toMatchObject({ status: 'imported', counts: { created: IMPORT_CHUNK * 2 + 5, new: 0 }, page: 3 });
    // Line 1 is the header: the third page starts at the row on line 2 + 2 pages.
    const total = IMPORT_CHUNK * 2 + 5;
    expect(page.detail.rows.map((r) => r.line)).toEqual(
      Array.from({ length: Math.min(IMPORT_ROWS_PAGE_SIZE, total - 2 * IMPORT_ROWS_PAGE_SIZE) }, (_, i) => 2 + 2 * IMPORT_ROWS_PAGE_SIZE + i),
    );
  }, 120_000);

  it("reports a file's refusals once: sending the same file again opens its preview instead of a second one", async () => {
    const curator = await createUser({ role: 'curator' });
    const text = readFileSync(new URL('../features/curation/fixtures/catalogo-obra.tsv', import.meta.url), 'utf8');
    const first = importIdOf(await act(routeArgs(uploadRequest(curator.cookie, { file: new File([text], 'catalogo.tsv') }))));
    await runImportJobs();
    const again = importIdOf(await act(routeArgs(uploadRequest(curator.cookie, { file: new File([text], 'catalogo (1).tsv') }))));
    expect(again).toBe(first);
    const list = await upload.loader(routeArgs(getRequest('/gerenciar/catalogo/importar', curator.cookie)) as unknown as Parameters<typeof upload.loader>[0]);
    expect(list.imports.map((i) => [i.id, i.counts.error])).toEqual([[first, 1]]);
    const errors = await queryRows<{ n: number }>(sql`SELECT count(*)::int AS n FROM catalog_import_rows WHERE outcome = 'error'`);
    expect(errors[0]?.n).toBe(1);
  });

  it('credits adapters on the work after its author, and illustrators on the edition, as the file names them', async () => {
    const curator = await createUser({ role: 'curator' });
    const text = readFileSync(new URL('../features/curation/fixtures/catalogo-nomes.tsv', import.meta.url), 'utf8');
    const id = importIdOf(await act(routeArgs(uploadRequest(curator.cookie, { file: new File([text], 'nomes.tsv') }))));
    await runImportJobs();
    await confirm(routeArgs(formRequest(`/gerenciar/catalogo/importar/${id}`, { intent: 'confirmar' }, { cookie: curator.cookie }), { id }));
    await runImportJobs();
    const credits = await queryRows<{ title: string; credits: string[] }>(sql`
      SELECT e.title, array(
        SELECT a.name || ':' || wa.role FROM work_authors wa JOIN authors a ON a.id = wa.author_id WHERE wa.work_id = e.work_id ORDER BY wa.position
      ) || array(
        SELECT a.name || ':' || ec.role FROM edition_contributors ec JOIN authors a ON a.id = ec.author_id WHERE ec.edition_id = e.id ORDER BY ec.position
      ) AS credits
      FROM editions e ORDER BY e.title`);
    expect(credits.map((r) => [r.title, r.credits])).toEqual([
      ['A Boneca de Pano', ['Mary França:author', 'Eliardo França:author']],
      ['Memórias de um Sargento de Milícias', ['Manuel Antônio de Almeida:author']],
      ['O Centauro no Jardim', ['Moacyr Scliar:author']],
      ['O Sítio do Picapau Amarelo', ['Monteiro Lobato:author', 'Luiz Antonio Aguiar:adapter', 'Rogério Borges:illustrator']],
      ['Os Lusíadas', ['Luís de Camões:author', 'Rubem Braga:adapter', 'Ana Maria Machado:illustrator']],
    ]);
  });

  it('takes a 50,000-row tab-separated catalogue with a BOM and a renamed title column as a job, with progress, resuming after a restart', async () => {
    const curator = await createUser({ role: 'curator' });
    const total = 50_000;
    const lines = ['\uFEFFOBRA\tAUTOR(ES)\tSELO\tANO\tPÁGINAS'];
    for (let i = 1; i <= total; i++)
      lines.push(`LIVRO NÚMERO ${i} DA EDITORA\tAUTORA ${i % 997} DE SOUZA\tSELO ${i % 13}\t${1950 + (i % 70)}\t${100 + (i % 400)}`);
    const file = new File([lines.join('\r\n')], 'catalogo-completo.tsv', { type: 'text/tab-separated-values' });
    const request = uploadRequest(curator.cookie, { file });
    expect(Number(request.headers.get('content-length') ?? (await request.clone().arrayBuffer()).byteLength)).toBeLessThan(
      bodyLimitOf('/gerenciar/catalogo/importar'),
    );
    const id = importIdOf(await act(routeArgs(request)));
    const path = `/gerenciar/catalogo/importar/${id}`;
    const page = async () => ((await loadDetail(routeArgs(getRequest(path, curator.cookie), { id }))) as Awaited<ReturnType<typeof detail.loader>>).detail;

    // The page shows the file being read, then the preview.
    expect(await page()).toMatchObject({ status: 'reading', progress: { done: 0, total } });
    expect(renderPage(detail.default, { detail: await page(), filter: undefined, search: '' }, path)).toContain('Lendo o arquivo');
    await runImportJobs();
    expect(await page()).toMatchObject({ status: 'preview', total, counts: { new: total, error: 0 } });

    await confirm(routeArgs(formRequest(path, { intent: 'confirmar' }, { cookie: curator.cookie }), { id }));
    expect(await page()).toMatchObject({ status: 'importing', progress: { done: 0, total } });
    // A server killed mid-import: it took the job and wrote a chunk, then died with the job under its lease.
    expect(await claimJobs('servidor-morto', 1)).toHaveLength(1);
    expect(await runCatalogImportBatch(id)).toBe(true);
    const midway = await page();
    expect(midway.progress).toEqual({ done: IMPORT_CHUNK, total });
    // The next server ends the dead one's lease, and the job resumes at the next chunk.
    expect(await runJobsOnce('servidor-2')).toBe(0);
    await releaseLeases();
    await runImportJobs();
    expect(await page()).toMatchObject({ status: 'imported', counts: { new: 0, created: total } });
    expect(await counts()).toEqual({ editions: total, history: total });
  }, 900_000);
});
