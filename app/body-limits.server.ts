import { matchPath } from 'react-router';
import { ATT_IMAGES_MAX } from '~/features/atts/policy';
import { IMPORT_MAX_BYTES } from '~/features/curation/import-file';
import { READER_IMPORT_MAX_BYTES } from '~/features/imports/limits';
import { GROUP_READ_DESCRIPTION_MAX, MATERIAL_PDF_MAX_BYTES } from '~/features/lcs/policy';
import { NEWS_BODY_MAX } from '~/features/news/limits';
import { REVIEW_BODY_MAX } from '~/features/reading/vocabulary';
import { WHISPER_IMAGES_MAX } from '~/features/whispers/policy';
import { IMAGE_MAX_BYTES } from './server/images.server';

/** Every form and JSON body: the longest text most forms take is a 5,000-character synopsis (≤ 45 KB encoded). */
export const FORM_MAX_BYTES = 64 * 1024;

/**
 * A form that carries a text of `characters` (UTF-16 units): one unit takes at most 9 bytes form-encoded (a
 * three-byte UTF-8 character, each byte written %XX), plus the rest of the form.
 */
const textForm = (characters: number) => characters * 9 + FORM_MAX_BYTES;

/**
 * A form that carries `count` files of at most `fileBytes` each, plus one more file's worth: a file up to twice
 * its limit still reaches the action, which answers the Portuguese message next to the field and keeps what the
 * reader typed, instead of the server's bare 413 (docs/decisions/0035-request-body-caps.md).
 */
const fileForm = (count: number, fileBytes: number) => (count + 1) * fileBytes + FORM_MAX_BYTES;

/**
 * THE table of request-body caps (server.ts counts every body against it as it arrives and answers 413 past
 * it, before React Router reads anything). Patterns are those of routes.ts; a route not listed takes
 * FORM_MAX_BYTES. A new route that takes a file or a long text adds its line here.
 */
const BODY_LIMITS: readonly (readonly [pattern: string, bytes: number])[] = [
  ['/configuracoes/conta', fileForm(1, IMAGE_MAX_BYTES)],
  ['/catalogo/solicitar/capa', fileForm(1, IMAGE_MAX_BYTES)],
  ['/ed/:id', fileForm(ATT_IMAGES_MAX, IMAGE_MAX_BYTES)],
  // A whisper's images, from the thread's form before JavaScript and its script's send door.
  ['/sussurros/:id', fileForm(WHISPER_IMAGES_MAX, IMAGE_MAX_BYTES)],
  ['/api/sussurros/:id/mensagens', fileForm(WHISPER_IMAGES_MAX, IMAGE_MAX_BYTES)],
  ['/configuracoes/importar', fileForm(1, READER_IMPORT_MAX_BYTES)],
  ['/configuracoes/importar/:fonte', fileForm(1, READER_IMPORT_MAX_BYTES)],
  ['/gerenciar/catalogo/importar', fileForm(1, IMPORT_MAX_BYTES)],
  ['/api/resenhas/rascunho', textForm(REVIEW_BODY_MAX)],
  ['/gerenciar/novidades', textForm(NEWS_BODY_MAX)],
  // An LC's description, and in the wizard its whole schedule (up to 120 etapas of six short fields) besides.
  ['/criar/lc', textForm(GROUP_READ_DESCRIPTION_MAX) + FORM_MAX_BYTES],
  // The host tools: a cover image, and the details form (a 5,000-character description) under the same cap.
  ['/lc/:identificador/gerenciar', fileForm(1, IMAGE_MAX_BYTES)],
  // An LC's material: a PDF (10 MB) or an image (5 MB).
  ['/lc/:identificador/materiais', fileForm(1, MATERIAL_PDF_MAX_BYTES)],
  // A club's avatar or banner; its settings form (description, welcome text, rules) fits under the same cap.
  ['/clube/:identificador/admin/personalizar', fileForm(1, IMAGE_MAX_BYTES)],
];

/**
 * The cap of a request to `pathname` (as the URL parser normalised it): a navigation's data request
 * (`/ed/x.data`, `/_root.data`) takes the cap of the page it submits to.
 */
export function bodyLimitOf(pathname: string): number {
  const page = pathname === '/_root.data' ? '/' : pathname.replace(/\.data$/, '');
  for (const [pattern, bytes] of BODY_LIMITS) if (matchPath(pattern, page)) return bytes;
  return FORM_MAX_BYTES;
}
