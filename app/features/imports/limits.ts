import { formatNumber } from '~/lib/format';

/** A reader's import file (PRODUCT.md §D): at most this size and this many rows. */
export const READER_IMPORT_MAX_BYTES = 20 * 1024 * 1024;
export const READER_IMPORT_MAX_ROWS = 50_000;
export const READER_IMPORT_LIMITS_TEXT = `até ${READER_IMPORT_MAX_BYTES / 1024 / 1024} MB e ${formatNumber(READER_IMPORT_MAX_ROWS)} livros por arquivo`;
export const READER_IMPORT_TOO_LARGE = `O arquivo passa de ${READER_IMPORT_MAX_BYTES / 1024 / 1024} MB. Divida-o em partes e importe uma de cada vez.`;
/** Rows of the preview's sample; failed rows and books added listed on the page (all failed rows are in the CSV). */
export const PREVIEW_SAMPLE_SIZE = 15;
export const REPORT_FAILED_LIST = 200;
export const REPORT_ADDED_LIST = 100;
