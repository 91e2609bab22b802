import type { Route } from './+types/politica';
import { Prose } from '~/components/ui/prose';
import { renderMarkdown } from '~/lib/markdown';
import { publicPageHeaders } from '~/server/cache-headers';
import source from '../../content/politica.md?raw';

export const meta: Route.MetaFunction = () => [
  { title: 'Política de privacidade — Maratona' },
  { name: 'description', content: 'Como o Maratona trata seus dados pessoais, conforme a LGPD.' },
];
export const headers = publicPageHeaders(['content']);

export function loader() {
  return { html: renderMarkdown(source) };
}

export default function Politica({ loaderData }: Route.ComponentProps) {
  return (
    <article>
      <h1 className="mb-6 font-serif text-3xl font-bold">Política de privacidade</h1>
      <Prose html={loaderData.html} />
    </article>
  );
}
