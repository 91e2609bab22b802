import type { Route } from './+types/termos';
import { Prose } from '~/components/ui/prose';
import { renderMarkdown } from '~/lib/markdown';
import { publicPageHeaders } from '~/server/cache-headers';
import source from '../../content/termos.md?raw';

export const meta: Route.MetaFunction = () => [
  { title: 'Termos de uso — Maratona' },
  { name: 'description', content: 'As regras para usar o Maratona: conduta, conteúdo, planos pagos, sorteios e moderação.' },
];
export const headers = publicPageHeaders(['content']);

export function loader() {
  return { html: renderMarkdown(source) };
}

export default function Termos({ loaderData }: Route.ComponentProps) {
  return (
    <article>
      <h1 className="mb-6 font-serif text-3xl font-bold">Termos de uso</h1>
      <Prose html={loaderData.html} />
    </article>
  );
}
