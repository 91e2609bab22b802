import { Link } from '~/components/link';
import type { Route } from './+types/novidades';
import { Foca } from '~/components/ui/foca';
import { Prose } from '~/components/ui/prose';
import { listNewsPosts } from '~/features/news/queries.server';
import { formatDate } from '~/lib/format';
import { publicPageHeaders } from '~/server/cache-headers';

export const meta: Route.MetaFunction = () => [
  { title: 'Novidades · Maratona' },
  { name: 'description', content: 'O que mudou no Maratona: novos recursos e correções.' },
];
export const links: Route.LinksFunction = () => [{ rel: 'alternate', type: 'application/rss+xml', title: 'Novidades do Maratona', href: '/novidades/rss.xml' }];
export const headers = publicPageHeaders(['news']);

export async function loader() {
  return { posts: await listNewsPosts(30) };
}

export default function Novidades({ loaderData }: Route.ComponentProps) {
  return (
    <div className="flex flex-col gap-8">
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="font-serif text-3xl font-bold">Novidades</h1>
        <a href="/novidades/rss.xml" className="text-sm">
          Assinar por RSS
        </a>
      </header>
      {loaderData.posts.length === 0 ? (
        <div className="flex flex-col items-center gap-3 py-8 text-center">
          <Foca mood="sleeping" size={120} />
          <p className="text-muted">Ainda não há novidades publicadas. Volte em breve ou assine o RSS.</p>
          <Link to="/">Voltar para o início</Link>
        </div>
      ) : (
        loaderData.posts.map((post) => (
          <article key={post.id} id={post.id} className="rounded-xl border border-line bg-surface p-5">
            <h2 className="font-serif text-2xl font-bold">{post.title}</h2>
            <p className="mb-3 text-sm text-muted">
              <time dateTime={post.publishedAt}>{formatDate(post.publishedAt)}</time>
            </p>
            <Prose html={post.html} />
          </article>
        ))
      )}
    </div>
  );
}
