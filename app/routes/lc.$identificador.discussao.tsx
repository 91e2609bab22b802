import { data, useLocation, useNavigation } from 'react-router';
import { z } from 'zod';
import type { Route } from './+types/lc.$identificador.discussao';
import { FormMessage } from '~/components/ui/field';
import { DiscussionList, DiscussionThreadView } from '~/features/lcs/components/discussion';
import { GroupReadHeader } from '~/features/lcs/components/group-read-header';
import { runDiscussionAction } from '~/features/lcs/discussion-action.server';
import { getDiscussion, getThread } from '~/features/lcs/discussion.server';
import { groupReadPageHeaders, loadGroupReadForRoute } from '~/features/lcs/page.server';
import { isFailure, isSuccess } from '~/lib/form-result';
import { publicPageHeadersFromLoader } from '~/server/cache-headers';
import { getViewer, requireViewer } from '~/server/viewer.server';

/**
 * Visitors are shown the threads' counts alone (the gate gives them no comment), so their copy may be cached under
 * the LC's tag, which a new comment drops; a signed-in reader's page is theirs and never stored.
 */
export const headers = publicPageHeadersFromLoader;

export const meta: Route.MetaFunction = ({ data }) =>
  data ? [{ title: `Discussão · ${data.lc.title} · LC · Maratona` }] : [{ title: 'LC não encontrada · Maratona' }];

const query = z.object({
  etapa: z.coerce.number().int().min(1).max(1000).optional().catch(undefined),
  pagina: z.coerce.number().int().min(1).max(10_000).catch(1),
});

/** The discussion: every etapa's thread, or one thread (`?etapa=N`) with its comments when the viewer may read them. */
export async function loader(args: Route.LoaderArgs) {
  const lc = await loadGroupReadForRoute(args);
  const viewer = await getViewer(args);
  const { etapa, pagina } = query.parse(Object.fromEntries(new URL(args.request.url).searchParams));
  const headers = groupReadPageHeaders(lc);
  if (etapa === undefined) return data({ lc, signedIn: viewer !== null, overview: await getDiscussion(viewer, lc.id), thread: null }, { headers });
  const thread = await getThread(viewer, lc.id, etapa, pagina);
  if (!thread) throw data(null, { status: 404 });
  return data({ lc, signedIn: viewer !== null, overview: null, thread }, { headers });
}

export async function action(args: Route.ActionArgs) {
  const viewer = await requireViewer(args);
  const lc = await loadGroupReadForRoute(args);
  return runDiscussionAction(viewer, lc.id, await args.request.formData());
}

export default function DiscussionPage({ loaderData, actionData }: Route.ComponentProps) {
  const { lc, signedIn, overview, thread } = loaderData;
  const location = useLocation();
  const busy = useNavigation().state === 'submitting';
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <GroupReadHeader lc={lc} current="discussao" />
      <FormMessage tone="success">{isSuccess(actionData) ? actionData.success : null}</FormMessage>
      <FormMessage>{isFailure(actionData) && actionData.formError ? actionData.formError : null}</FormMessage>
      {thread ? (
        <DiscussionThreadView page={thread} slug={lc.slug} signedIn={signedIn} search={location.search} result={actionData} busy={busy} />
      ) : overview ? (
        <section aria-labelledby="discussao" className="flex flex-col gap-3">
          <h2 id="discussao" className="font-serif text-xl font-semibold">
            Discussão
          </h2>
          <p className="text-sm text-muted">Uma conversa por etapa. Cada uma abre quando você passa do fim dela na sua leitura, para ninguém levar spoiler.</p>
          <DiscussionList overview={overview} slug={lc.slug} signedIn={signedIn} />
        </section>
      ) : null}
    </div>
  );
}
