import type { Route } from './+types/politica';
import { ContentPage } from '~/components/layout/content-page';
import { renderMarkdown } from '~/lib/markdown';
import { publicPageHeaders } from '~/server/cache-headers';
import source from '../../content/politica.md?raw';

export const meta: Route.MetaFunction = () => [
  { title: 'Política de privacidade · Maratona' },
  { name: 'description', content: 'Como o Maratona trata seus dados pessoais, conforme a LGPD.' },
];
export const headers = publicPageHeaders(['content']);
export const loader = () => ({ html: renderMarkdown(source) });

export default function Politica({ loaderData }: Route.ComponentProps) {
  return <ContentPage title="Política de privacidade" html={loaderData.html} />;
}
