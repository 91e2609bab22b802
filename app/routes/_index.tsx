import type { ReactNode } from 'react';
import { data, redirect } from 'react-router';
import { Link } from '~/components/link';
import type { Route } from './+types/_index';
import { ButtonLink } from '~/components/ui/button';
import { FormMessage } from '~/components/ui/field';
import { Foca } from '~/components/ui/foca';
import { listNewsPosts } from '~/features/news/queries.server';
import { CLUBS_CACHE_TAG } from '~/features/clubs/cache';
import { ClubList } from '~/features/clubs/components/club-list';
import { listClubDirectory } from '~/features/clubs/queries.server';
import { MARATHONS_CACHE_TAG } from '~/features/marathons/cache';
import { MarathonList } from '~/features/marathons/components/marathon-list';
import { listMarathons } from '~/features/marathons/queries.server';
import { formatDate } from '~/lib/format';
import { publicPageHeadersFromLoader } from '~/server/cache-headers';
import { getViewer } from '~/server/viewer.server';

export const meta: Route.MetaFunction = () => [
  { title: 'Maratona, sua comunidade de leitura' },
  { name: 'description', content: 'Acompanhe suas leituras, participe de maratonas literárias e LCs, converse em clubes e leia com a foca.' },
];
export const headers = publicPageHeadersFromLoader;

/**
 * Signed-in readers start at /home. Their requests carry the session cookie, so the HTML cache never answers
 * them (nor stores this redirect): visitors keep getting the cached landing.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  if (await getViewer({ request, context })) throw redirect('/home', { status: 302, headers: { 'Cache-Control': 'private, no-store' } });
  const directory = (fase: 'acontecendo' | 'proximas') => listMarathons(null, { q: '', fase, tipo: 'todas', pagina: 1 });
  const [news, clubs, running, upcoming] = await Promise.all([
    listNewsPosts(3),
    listClubDirectory({ q: '', ordem: 'membros', pagina: 1 }),
    directory('acontecendo'),
    directory('proximas'),
  ]);
  // Running marathons first (official ones lead), then the next to start.
  const marathons = [...running.marathons, ...upcoming.marathons].slice(0, LANDING_MARATHONS);
  // Where /configuracoes/excluir lands: the reader is signed out by then, so the landing says it went through.
  const accountDeleted = new URL(request.url).searchParams.get('conta') === 'excluida';
  // Tagged with each marathon organiser shown too, as /maratonas: a rename or a suspension drops the copy.
  const tags = new Set([
    'landing',
    'news',
    CLUBS_CACHE_TAG,
    MARATHONS_CACHE_TAG,
    ...marathons.flatMap((m) => (m.organizerCacheTag ? [m.organizerCacheTag] : [])),
  ]);
  return data(
    { news: news.map(({ id, title, publishedAt }) => ({ id, title, publishedAt })), clubs: clubs.clubs.slice(0, LANDING_CLUBS), marathons, accountDeleted },
    { headers: { 'X-Cache-Tags': [...tags].join(',') } },
  );
}

/** The largest clubs shown to visitors, with a link to the directory. */
const LANDING_CLUBS = 4;
/** The marathons shown to visitors: running ones, then upcoming. */
const LANDING_MARATHONS = 4;

const features = [
  { title: 'Sua estante', text: 'Quero ler, lendo, lidos: registre o progresso por página, porcentagem ou minutos, com notas de um quarto de estrela.' },
  { title: 'Maratonas e LCs', text: 'Maratonas literárias com desafios e leituras conjuntas com cronograma e discussão sem spoilers.' },
  { title: 'Clubes e sussurros', text: 'Clubes com a sua comunidade e mensagens privadas com quem você segue.' },
  { title: 'A foca', text: 'Sessões de foco que chocam ovinhos e criam bichinhos — leia mais, brincando.' },
];

export default function Landing({ loaderData }: Route.ComponentProps) {
  return (
    <div className="flex flex-col gap-12">
      {loaderData.accountDeleted ? (
        <FormMessage tone="success">Sua conta foi excluída. Enviamos uma confirmação para o seu e-mail. Obrigado por ter lido com a gente.</FormMessage>
      ) : null}
      <section className="grid items-center gap-8 md:grid-cols-[1fr_auto]">
        <div className="flex flex-col gap-4">
          <h1 className="font-serif text-4xl font-bold leading-tight md:text-5xl">Leia mais, junto com quem ama livros.</h1>
          <p className="max-w-prose text-lg text-muted">
            O Maratona é a casa da comunidade brasileira de leitores: sua estante e seu progresso, maratonas literárias, leituras conjuntas, clubes e uma foca
            que ajuda você a manter o foco.
          </p>
          <div className="flex flex-wrap gap-3">
            <ButtonLink to="/auth/signin?modo=criar" variant="accent">
              Criar conta grátis
            </ButtonLink>
            <ButtonLink to="/auth/signin" variant="secondary">
              Já tenho conta
            </ButtonLink>
          </div>
        </div>
        <div className="hidden justify-self-center md:block">
          <Foca mood="reading" size={220} />
        </div>
      </section>
      <section aria-labelledby="o-que-tem">
        <h2 id="o-que-tem" className="mb-4 font-serif text-2xl font-bold">
          O que tem no Maratona
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2">
          {features.map((f) => (
            <li key={f.title} className="rounded-xl border border-line bg-surface p-5">
              <h3 className="mb-1 font-semibold">{f.title}</h3>
              <p className="text-muted">{f.text}</p>
            </li>
          ))}
        </ul>
      </section>
      <Showcase id="maratonas" title="Maratonas" to="/maratonas" more="Ver todas as maratonas">
        {loaderData.marathons.length ? (
          <MarathonList marathons={loaderData.marathons} />
        ) : (
          <p className="text-muted">
            Maratonas literárias com desafios, pontos e ranking. <Link to="/maratonas">Veja as que já terminaram</Link>.
          </p>
        )}
      </Showcase>
      <Showcase id="clubes" title="Clubes" to="/clubes" more="Ver todos os clubes">
        {loaderData.clubs.length ? (
          <ClubList clubs={loaderData.clubs} />
        ) : (
          <p className="text-muted">
            Clubes de leitura com posts, encontros e LCs do mês. <Link to="/clubes">Conheça os clubes</Link>.
          </p>
        )}
      </Showcase>
      {loaderData.news.length ? (
        <section aria-labelledby="ultimas">
          <h2 id="ultimas" className="mb-4 font-serif text-2xl font-bold">
            Últimas novidades
          </h2>
          <ul className="flex flex-col gap-2">
            {loaderData.news.map((post) => (
              <li key={post.id}>
                <Link to={`/novidades#${post.id}`}>{post.title}</Link> <span className="text-sm text-muted">· {formatDate(post.publishedAt)}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

/** A section of the landing showing some of what the site has, with a link to all of it. */
function Showcase({ id, title, to, more, children }: { id: string; title: string; to: string; more: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={id} className="font-serif text-2xl font-bold">
          {title}
        </h2>
        <Link to={to}>{more}</Link>
      </div>
      {children}
    </section>
  );
}
