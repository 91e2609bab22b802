import { z } from 'zod';
import { httpsLink } from '~/features/clubs/activities/validation';
import { MATERIAL_TITLE_MAX } from '../policy';

const title = z
  .string()
  .trim()
  .max(MATERIAL_TITLE_MAX, { error: `Use no máximo ${MATERIAL_TITLE_MAX} caracteres.` });

/** A link of the materiais tab: a title and an https address. */
export const materialLinkInput = z.object({
  title: title.min(1, { error: 'Dê um título ao material.' }),
  url: httpsLink('Cole um link começando com https://.'),
});

/** A file of the materiais tab: its title may stay blank (the file's own name is used). */
export const materialFileInput = z.object({ title });

export const materialIdInput = z.object({ materialId: z.string().min(1).max(64) });

export const materialIntent = z.object({ intent: z.enum(['link', 'arquivo', 'remover', 'subir', 'descer']) });

/** A route's {material}: anything else is a 404 before the database is asked. */
export const materialIdParam = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);
