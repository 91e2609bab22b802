import { strFromU8 } from 'fflate';
import { z } from 'zod';
import { todayInSaoPaulo } from '~/lib/calendar';
import { sortNameOf } from '~/features/catalog/ingest/authors.server';
import { ARCHIVE_VERSION } from '~/features/export/archive.server';
import { type ExportRow, exportRowsCsv } from '~/features/export/goodreads-csv.server';
import { GOAL_BOOKS_MAX, GOAL_PAGES_MAX } from '~/features/reading/goals/goals';
import { VISIBILITIES } from '~/features/social/vocabulary';
import { ZipError, type ZipLimits, readZipEntry } from '~/server/zip.server';
import { ImportFileError } from './parse/read-file';
import type { ArchiveExtras } from './vocabulary';
import { SHELF_STATUSES } from '~/features/reading/vocabulary';

/**
 * What an archive may expand to: data.json up to 100 MB (a bookshelf of 50,000 books is about 40 MB of it),
 * growing at most 100 times (our data.json deflates 6 to 11 times), and 200 MB declared in all (the images
 * are stored, not compressed, and the zip itself is at most READER_IMPORT_MAX_BYTES).
 */
const ARCHIVE_LIMITS: ZipLimits = { entryBytes: 100 * 1024 * 1024, totalBytes: 200 * 1024 * 1024, ratio: 100 };
const UNREADABLE = 'Não conseguimos abrir este .zip. Baixe de novo o arquivo completo em Configurações → Exportar e envie sem descompactar.';
const TOO_EXPANDED =
  'Este .zip cresce demais ao ser aberto para ser um arquivo completo do Maratona. Baixe de novo o arquivo em Configurações → Exportar e envie sem alterar.';

const day = z.string().nullable();

const entrySchema = z.object({
  edition: z.object({
    id: z.string(),
    title: z.string(),
    subtitle: z.string().nullable(),
    isbn13: z.string().nullable(),
    isbn10: z.string().nullable(),
    format: z.string(),
    authors: z.array(z.string()).nullable(),
  }),
  status: z.enum(SHELF_STATUSES),
  undatedReadings: z.number().int().min(0),
  rating: z.number().min(0.25).max(5).nullable(),
  favorite: z.boolean(),
  owned: z.boolean(),
  ownedFormat: z.string().nullable(),
  privateNotes: z.string().nullable(),
  moods: z.array(z.string()),
  pacing: z.string().nullable(),
  contentWarnings: z.array(z.string()),
  addedAt: z.string(),
  readThroughs: z.array(z.object({ startedOn: day, finishedOn: day, abandonedOn: day })).nullable(),
  review: z.object({ body: z.string().nullable(), spoiler: z.boolean(), publishedAt: z.string().nullable() }).nullable(),
});

const archiveSchema = z.object({
  format: z.literal('maratona'),
  version: z.number().int(),
  bookshelf: z.array(entrySchema),
  shelves: z.array(z.object({ name: z.string(), description: z.string(), visibility: z.enum(VISIBILITIES), editions: z.array(z.string()).nullable() })),
  goals: z.array(
    z
      .object({
        year: z.number().int().min(1900).max(2200),
        books: z.number().int().min(1).max(GOAL_BOOKS_MAX).nullable(),
        pages: z.number().int().min(1).max(GOAL_PAGES_MAX).nullable(),
      })
      .refine((goal) => goal.books != null || goal.pages != null),
  ),
});

/**
 * The full archive of /configuracoes/exportar (a zip with data.json) as an import: its bookshelf as our own
 * Goodreads-compatible CSV, which the import reads like any other file (the preview, the job and the report
 * are the same), plus what that CSV cannot carry — the custom shelves' audience and description, and the
 * reading goals — for the job to restore (docs/decisions/0032). Only data.json is unpacked, within
 * ARCHIVE_LIMITS (a zip bomb is refused before it is inflated); the images are not read (a reader's own images
 * are in their account already, or were deleted with it).
 */
export async function readMaratonaArchive(bytes: Uint8Array): Promise<{ text: string; extras: ArchiveExtras }> {
  let json: Uint8Array | null;
  try {
    json = await readZipEntry(bytes, 'data.json', ARCHIVE_LIMITS);
  } catch (error) {
    if (error instanceof ZipError) throw new ImportFileError(error.reason === 'too_large' ? TOO_EXPANDED : UNREADABLE);
    throw error;
  }
  if (!json) throw new ImportFileError('Este .zip não é um arquivo completo do Maratona: não encontramos o data.json dentro dele.');
  return readMaratonaData(strFromU8(json));
}

/** The data.json of a full archive, sent alone (an archive whose images make it too large to send whole). */
export function readMaratonaData(json: string): { text: string; extras: ArchiveExtras } {
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch {
    throw new ImportFileError('O data.json está danificado. Baixe de novo o arquivo completo e envie.');
  }
  const version = z.object({ version: z.number() }).safeParse(data);
  if (version.success && version.data.version > ARCHIVE_VERSION) {
    throw new ImportFileError('Este arquivo vem de uma versão mais nova do Maratona do que a que lê importações. Tente de novo mais tarde.');
  }
  const parsed = archiveSchema.safeParse(data);
  if (!parsed.success) throw new ImportFileError('O data.json não está no formato do Maratona. Envie o arquivo completo como foi baixado.');
  const archive = parsed.data;

  const shelvesOf = new Map<string, { name: string; position: number }[]>();
  for (const shelf of archive.shelves) {
    for (const [index, editionId] of (shelf.editions ?? []).entries()) {
      shelvesOf.set(editionId, [...(shelvesOf.get(editionId) ?? []), { name: shelf.name, position: index + 1 }]);
    }
  }
  const rows = archive.bookshelf.map((entry): ExportRow => ({
    edition_id: entry.edition.id,
    title: entry.edition.title,
    subtitle: entry.edition.subtitle,
    isbn10: entry.edition.isbn10,
    isbn13: entry.edition.isbn13,
    publisher: null,
    format: entry.edition.format,
    pages: null,
    publication_date: null,
    first_published_year: null,
    status: entry.status,
    rating_quarters: entry.rating == null ? null : Math.round(entry.rating * 4),
    owned: entry.owned,
    owned_format: entry.ownedFormat,
    favorite: entry.favorite,
    moods: entry.moods,
    pacing: entry.pacing,
    content_warnings: entry.contentWarnings,
    undated_readings: entry.undatedReadings,
    notes: entry.privateNotes,
    added_on: todayInSaoPaulo(new Date(entry.addedAt)),
    authors: (entry.edition.authors ?? []).map((name) => ({ name, sort_name: sortNameOf(name) })),
    average_quarters: null,
    readings: (entry.readThroughs ?? []).map((r) => ({ started: r.startedOn, finished: r.finishedOn, abandoned: r.abandonedOn })),
    shelves: [...(shelvesOf.get(entry.edition.id) ?? [])].sort((a, b) => a.name.localeCompare(b.name)),
    // As in the CSV: the published review (a draft stays a draft of the account it was written in).
    review: entry.review?.publishedAt ? entry.review.body : null,
    spoiler: entry.review?.publishedAt ? entry.review.spoiler : null,
  }));
  return {
    text: exportRowsCsv(rows),
    extras: {
      shelves: archive.shelves.map(({ name, description, visibility, editions }) => ({ name, description, visibility, editions: editions ?? [] })),
      goals: archive.goals,
    },
  };
}
