import { useLocation } from 'react-router';
import type { Route } from './+types/m.$identificador.feed';
import { AttList } from '~/features/atts/components/att-card';
import { tabParams } from '~/features/atts/validation';
import { MarathonHeader } from '~/features/marathons/components/marathon-header';
import { loadMarathonForRoute } from '~/features/marathons/page.server';
import { listMarathonFeed } from '~/features/marathons/queries.server';
import { getViewer } from '~/server/viewer.server';

export const meta: Route.MetaFunction = ({ data }) =>
  data ? [{ title: `Feed · ${data.marathon.name} · Maratona` }] : [{ title: 'Maratona não encontrada · Maratona' }];

/**
 * The participants' atts posted during the marathon, newest first, 20 a page (a cursor). Each att as the atts'
 * audience rule shows it to this viewer, so the page is theirs: it is not kept in the visitors' cache (decision 0077).
 */
export async function loader(args: Route.LoaderArgs) {
  const marathon = await loadMarathonForRoute(args);
  const { cursor } = tabParams.parse(Object.fromEntries(new URL(args.request.url).searchParams));
  const feed = await listMarathonFeed(await getViewer(args), marathon.id, cursor ?? null);
  return { marathon, feed };
}

export default function MarathonFeedPage({ loaderData }: Route.ComponentProps) {
  const { marathon, feed } = loaderData;
  const { pathname } = useLocation();
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <MarathonHeader marathon={marathon} current="feed" />
      <div className="mx-auto flex w-full max-w-2xl flex-col gap-4">
        <p className="text-muted">O que quem participa publicou durante a maratona: progresso, livros terminados e resenhas.</p>
        <AttList
          items={feed.items}
          label={`Atts de quem participa da ${marathon.name}`}
          moreHref={feed.nextCursor ? `${pathname}?cursor=${feed.nextCursor}` : null}
          empty={
            <p>
              {marathon.phase === 'proxima'
                ? 'A maratona ainda não começou: as atts de quem participa aparecem aqui a partir do primeiro dia.'
                : 'Ninguém publicou atts durante a maratona ainda. Registre o progresso de um livro e publique como att.'}
            </p>
          }
        />
      </div>
    </div>
  );
}
