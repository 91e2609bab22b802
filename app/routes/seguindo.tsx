import type { Route } from './+types/seguindo';
import { FormMessage } from '~/components/ui/field';
import { Pagination } from '~/components/ui/pagination';
import { ButtonLink } from '~/components/ui/button';
import { FollowRequests } from '~/features/profiles/components/follow-requests';
import { FollowingActivity } from '~/features/profiles/components/following-activity';
import { ReaderList } from '~/features/profiles/components/reader-list';
import { SocialForm } from '~/features/profiles/components/social-form';
import { listBlockedReaders, listFollowRequests, listFollowedActivity, listSentRequests } from '~/features/profiles/queries.server';
import { readerSearchParams } from '~/features/profiles/validation';
import { runSocialAction } from '~/features/social/social-action.server';
import { isFailure, isSuccess } from '~/lib/form-result';
import { requireViewer } from '~/server/viewer.server';

export const meta: Route.MetaFunction = () => [{ title: 'Seguindo · Maratona' }];

/** Whom I follow and what they did last, the requests I sent, the requests waiting for me, whom I blocked (decision 0022). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireViewer({ request, context });
  const url = new URL(request.url);
  const { pagina } = readerSearchParams.parse(Object.fromEntries(url.searchParams));
  const [following, requests, sent, blocked] = await Promise.all([
    listFollowedActivity(viewer, pagina),
    listFollowRequests(viewer),
    listSentRequests(viewer),
    listBlockedReaders(viewer),
  ]);
  const justBlocked = url.searchParams.get('bloqueado');
  return {
    following,
    requests,
    sent,
    blocked,
    justBlocked: justBlocked && blocked.some((r) => r.username === justBlocked) ? justBlocked : null,
    search: url.search,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireViewer({ request, context });
  return runSocialAction(viewer, await request.formData());
}

export default function FollowingPage({ loaderData, actionData }: Route.ComponentProps) {
  const { following, requests, sent, blocked } = loaderData;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-8">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="font-serif text-3xl font-bold">Seguindo</h1>
        <ButtonLink to="/u" variant="secondary">
          Procurar leitores
        </ButtonLink>
      </header>
      <FormMessage tone="success">
        {isSuccess(actionData) ? actionData.success : loaderData.justBlocked ? `Você bloqueou @${loaderData.justBlocked}.` : null}
      </FormMessage>
      <FormMessage>{isFailure(actionData) ? (actionData.formError ?? Object.values(actionData.fieldErrors)[0]) : null}</FormMessage>

      <FollowRequests requests={requests} />

      <section aria-labelledby="quem-sigo" className="flex flex-col gap-2">
        <h2 id="quem-sigo" className="font-serif text-xl font-bold">
          Quem você segue
        </h2>
        {following.items.length > 0 ? (
          <FollowingActivity readers={following.items} />
        ) : (
          <p className="text-muted">Você ainda não segue ninguém. Procure leitores pelo nome ou @usuário e siga quem você conhece.</p>
        )}
        <Pagination page={following.page} pageSize={following.pageSize} total={following.total} search={loaderData.search} />
      </section>

      {sent.length > 0 ? (
        <section aria-labelledby="enviados" className="flex flex-col gap-2">
          <h2 id="enviados" className="font-serif text-xl font-bold">
            Pedidos que você enviou
          </h2>
          <ReaderList readers={sent} actions={(reader) => <SocialForm intent="cancelar-pedido" username={reader.username} label="Cancelar pedido" />} />
        </section>
      ) : null}

      {blocked.length > 0 ? (
        <section aria-labelledby="bloqueados" className="flex flex-col gap-2">
          <h2 id="bloqueados" className="font-serif text-xl font-bold">
            Leitores bloqueados
          </h2>
          <ReaderList readers={blocked} actions={(reader) => <SocialForm intent="desbloquear" username={reader.username} label="Desbloquear" />} />
        </section>
      ) : null}
    </div>
  );
}
