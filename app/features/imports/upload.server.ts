import { redirect } from 'react-router';
import { readUploadedText } from '~/features/curation/import-file';
import { failureFromError, formFailure } from '~/server/forms.server';
import type { Viewer } from '~/server/viewer.server';
import { createReaderImport } from './imports.server';
import { READER_IMPORT_MAX_BYTES, READER_IMPORT_TOO_LARGE } from './limits';

/**
 * The upload of the import hub and of each source's page: the file is read, matched and kept for the
 * preview, where the browser goes next. Too large a request is refused before its body is read.
 */
export async function uploadReaderImport(viewer: Viewer, request: Request) {
  if (Number(request.headers.get('content-length') ?? 0) > READER_IMPORT_MAX_BYTES + 64 * 1024) return formFailure({}, '', { arquivo: READER_IMPORT_TOO_LARGE }, 413);
  const formData = await request.formData();
  const file = formData.get('arquivo');
  if (!(file instanceof File) || file.size === 0) return formFailure({}, '', { arquivo: 'Escolha o arquivo exportado do Goodreads, do StoryGraph ou do Maratona.' });
  const read = await readUploadedText(file, { maxBytes: READER_IMPORT_MAX_BYTES, tooLarge: READER_IMPORT_TOO_LARGE });
  if (!read.ok) return formFailure({}, '', { arquivo: read.message });
  try {
    const { id } = await createReaderImport(viewer, { fileName: file.name, text: read.text });
    return redirect(`/configuracoes/importacoes/${id}`);
  } catch (error) {
    return failureFromError(error, {});
  }
}
