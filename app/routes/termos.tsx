import type { Route } from './+types/termos';
import { ContentPage } from '~/components/layout/content-page';
import { renderMarkdown } from '~/lib/markdown';
import { publicPageHeaders } from '~/server/cache-headers';
import source from '../../content/termos.md?raw';

export const meta: Route.MetaFunction = () => [
  { title: 'Termos de uso · Maratona' },
  { name: 'description', content: 'As regras para usar o Maratona: conduta, conteúdo, planos pagos, sorteios e moderação.' },
];
export const headers = publicPageHeaders(['content']);
export const loader = () => ({ html: renderMarkdown(source) });

export default function Termos({ loaderData }: Route.ComponentProps) {
  return <ContentPage title="Termos de uso" html={loaderData.html} />;
}
