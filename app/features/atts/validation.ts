import { z } from 'zod';
import { VISIBILITIES } from '~/features/social/vocabulary';
import { ATT_TEXT_MAX, COMMENT_TEXT_MAX, REACTION_SLUGS } from './policy';
import { REACTIONS } from './vocabulary';

/** Where a feed page ends: the last att's exact creation time and id (keyset pagination). */
export type AttCursor = { createdAt: string; id: string };

export const encodeCursor = (cursor: AttCursor) => Buffer.from(JSON.stringify([cursor.createdAt, cursor.id])).toString('base64url');

const cursorParam = z
  .string()
  .max(200)
  .transform((raw, ctx): AttCursor => {
    try {
      const [createdAt, id] = z
        .tuple([z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?(Z|[+-]\d{2}:\d{2})$/), z.string().regex(/^[A-Za-z0-9_-]{1,64}$/)])
        .parse(JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')));
      return { createdAt, id };
    } catch {
      ctx.addIssue({ code: 'custom', message: 'cursor' });
      return z.NEVER;
    }
  });

/** /atts?aba=seguindo|todos&fotos=sim&cursor=…; anything unknown falls back to the first page. */
export const feedParams = z.object({
  aba: z.enum(['seguindo', 'todos']).optional().catch(undefined),
  fotos: z.literal('sim').optional().catch(undefined),
  cursor: cursorParam.optional().catch(undefined),
});

/** The same cursor on an edition's atts tab. */
export const tabParams = z.object({ cursor: cursorParam.optional().catch(undefined) });

export const attIdParam = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);
export const imagePositionParam = z.coerce.number().int().min(1).max(4);

/** The att fields a posting form adds (progress form, "Publicar att" after finishing); photos come separately. */
export const attFields = {
  attText: z
    .string()
    .max(ATT_TEXT_MAX, `Use no máximo ${ATT_TEXT_MAX.toLocaleString('pt-BR')} caracteres.`)
    .default(''),
  attVisibility: z.enum(VISIBILITIES, { error: 'Escolha quem pode ver a att.' }).default('publico'),
  attSpoiler: z
    .literal('sim')
    .optional()
    .transform((v) => v === 'sim'),
};
export const attInput = z.object(attFields);

/** "Publicar como att" on the progress form: a checkbox, then the att fields. */
export const progressAttInput = z.object({
  att: z
    .literal('sim')
    .optional()
    .transform((v) => v === 'sim'),
  ...attFields,
});

const reactionSlug = z
  .enum(REACTIONS.map((r) => REACTION_SLUGS[r]) as [string, ...string[]], { error: 'Escolha uma reação.' })
  .transform((slug) => REACTIONS.find((r) => REACTION_SLUGS[r] === slug)!);

/** The forms of /att/{id}. */
export const attPageInput = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('reagir'), reaction: reactionSlug }),
  z.object({
    intent: z.literal('comentar'),
    comment: z
      .string({ error: 'Escreva o comentário.' })
      .trim()
      .min(1, 'Escreva o comentário.')
      .max(COMMENT_TEXT_MAX, `Use no máximo ${COMMENT_TEXT_MAX.toLocaleString('pt-BR')} caracteres.`),
  }),
  z.object({ intent: z.literal('apagar-comentario'), commentId: z.string().trim().min(1).max(64) }),
  z.object({ intent: z.literal('apagar-att') }),
]);
