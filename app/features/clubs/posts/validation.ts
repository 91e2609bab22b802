import { z } from 'zod';
import { REACTION_SLUGS } from '~/features/atts/policy';
import { REACTIONS } from '~/features/atts/vocabulary';
import { CLUB_COMMENT_MAX, CLUB_POST_MAX, CLUB_POST_TITLE_MAX } from '../policy';
import { POST_VISIBILITIES } from '../vocabulary';

/**
 * Where a page of a list ends (keyset pagination): the last row's exact instant, as the database wrote it to
 * the microsecond, and its id. The lists (posts by creation, members by joining, a post's comments) page the same way.
 */
export type ListCursor = { at: string; id: string };

export const encodeListCursor = (cursor: ListCursor) => Buffer.from(JSON.stringify([cursor.at, cursor.id])).toString('base64url');

const idParam = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);

const cursorParam = z
  .string()
  .max(200)
  .transform((raw, ctx): ListCursor => {
    try {
      const [at, id] = z
        .tuple([z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/), idParam])
        .parse(JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')));
      return { at, id };
    } catch {
      ctx.addIssue({ code: 'custom', message: 'cursor' });
      return z.NEVER;
    }
  });

/**
 * /clube/{id}/posts?cursor=… (the list), or ?post=…&comentarios=… (one post and a page of its comments);
 * anything unknown falls back to the first page.
 */
export const postsPageQuery = z.object({
  post: idParam.optional().catch(undefined),
  cursor: cursorParam.optional().catch(undefined),
  comentarios: cursorParam.optional().catch(undefined),
});

/** /clube/{id}/comunidade?aba=membros&q=…&cursor=…, or ?conversa=…&comentarios=… for one thread. */
export const communityPageQuery = z.object({
  aba: z.enum(['conversas', 'membros']).catch('conversas'),
  conversa: idParam.optional().catch(undefined),
  q: z.string().trim().max(60).catch(''),
  cursor: cursorParam.optional().catch(undefined),
  comentarios: cursorParam.optional().catch(undefined),
});

const title = z
  .string({ error: 'Dê um título.' })
  .trim()
  .min(1, { error: 'Dê um título.' })
  .max(CLUB_POST_TITLE_MAX, { error: `Use no máximo ${CLUB_POST_TITLE_MAX} caracteres.` });
const body = z
  .string({ error: 'Escreva o texto.' })
  .trim()
  .min(1, { error: 'Escreva o texto.' })
  .max(CLUB_POST_MAX, { error: `Use no máximo ${CLUB_POST_MAX.toLocaleString('pt-BR')} caracteres.` });

/** A post's text and audience; a plan post names its minimum plan. */
export const postContentInput = z
  .object({
    title,
    body,
    visibility: z.enum(POST_VISIBILITIES, { error: 'Escolha quem pode ler o post.' }).default('membros'),
    minPlanId: z.string().trim().max(64).optional().default(''),
  })
  .transform(({ minPlanId, ...rest }) => ({ ...rest, minPlanId: rest.visibility === 'plano' ? minPlanId || null : null }))
  .refine((post) => post.visibility !== 'plano' || post.minPlanId !== null, { error: 'Escolha o plano mínimo.', path: ['minPlanId'] });
export type PostContentInput = z.output<typeof postContentInput>;

/** A thread's text (always for the club's members). */
export const threadContentInput = z.object({ title, body });

const reactionSlug = z
  .enum(REACTIONS.map((r) => REACTION_SLUGS[r]) as [string, ...string[]], { error: 'Escolha uma reação.' })
  .transform((slug) => REACTIONS.find((r) => REACTION_SLUGS[r] === slug)!);

const comment = z
  .string({ error: 'Escreva o comentário.' })
  .trim()
  .min(1, { error: 'Escreva o comentário.' })
  .max(CLUB_COMMENT_MAX, { error: `Use no máximo ${CLUB_COMMENT_MAX.toLocaleString('pt-BR')} caracteres.` });

/** The forms of /posts and /comunidade besides publishing (whose fields depend on the kind). */
export const postIntent = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('publicar') }),
  z.object({ intent: z.literal('editar'), postId: idParam }),
  z.object({ intent: z.literal('apagar'), postId: idParam }),
  z.object({ intent: z.literal('fixar'), postId: idParam }),
  z.object({ intent: z.literal('desafixar'), postId: idParam }),
  z.object({ intent: z.literal('comentar'), postId: idParam, comment }),
  z.object({ intent: z.literal('apagar-comentario'), commentId: idParam }),
  z.object({ intent: z.literal('reagir'), postId: idParam, reaction: reactionSlug }),
]);
