import { redirect } from 'react-router';
import { readUploadedText } from '~/features/curation/import-file';
import { failureFromError, formFailure } from '~/server/forms.server';
import type { Viewer } from '~/server/viewer.server';
import { readMaratonaArchive, readMaratonaData } from './archive.server';
import { createReaderImport } from './mutations.server';
import { READER_IMPORT_MAX_BYTES, READER_IMPORT_TOO_LARGE } from './limits';
import { ImportFileError } from './parse/read-file';
import type { ArchiveExtras } from './vocabulary';

const ARCHIVE_TOO_LARGE = `O arquivo passa de ${READER_IMPORT_MAX_BYTES / 1024 / 1024} MB por causa das imagens. Descompacte-o e envie só o data.json que está dentro dele.`;

/**
 * The upload of the import hub and of each source's page: the file is read, matched and kept for the
 * preview, where the browser goes next. server.ts caps the request (app/body-limits.server.ts); a file
 * over the limit but under that cap is answered here, next to the field.
 */
export async function uploadReaderImport(viewer: Viewer, request: Request) {
  const formData = await request.formData();
  const file = formData.get('arquivo');
  if (!(file instanceof File) || file.size === 0)
    return formFailure({}, '', { arquivo: 'Escolha o arquivo exportado do Goodreads, do StoryGraph ou do Maratona.' });
  let upload: { text: string; extras?: ArchiveExtras };
  if (/\.(zip|json)$/i.test(file.name)) {
    // Our own full archive (or its data.json alone): its bookshelf, shelves and goals become the import.
    const zip = /\.zip$/i.test(file.name);
    if (file.size > READER_IMPORT_MAX_BYTES) return formFailure({}, '', { arquivo: zip ? ARCHIVE_TOO_LARGE : READER_IMPORT_TOO_LARGE });
    try {
      upload = zip ? await readMaratonaArchive(new Uint8Array(await file.arrayBuffer())) : readMaratonaData(await file.text());
    } catch (error) {
      if (error instanceof ImportFileError) return formFailure({}, '', { arquivo: error.message });
      throw error;
    }
  } else {
    const read = await readUploadedText(file, { maxBytes: READER_IMPORT_MAX_BYTES, tooLarge: READER_IMPORT_TOO_LARGE });
    if (!read.ok) return formFailure({}, '', { arquivo: read.message });
    upload = { text: read.text };
  }
  try {
    const { id } = await createReaderImport(viewer, { fileName: file.name, ...upload });
    return redirect(`/configuracoes/importacoes/${id}`);
  } catch (error) {
    return failureFromError(error, {});
  }
}
