import { listNewsPosts } from '~/features/news/queries.server';
import { getEnv } from '~/server/env.server';

const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export async function loader() {
  const site = getEnv().publicUrl;
  const posts = await listNewsPosts(30);
  const items = posts
    .map(
      (p) =>
        `<item><title>${xml(p.title)}</title><link>${site}/novidades#${p.id}</link><guid isPermaLink="false">${p.id}</guid><pubDate>${new Date(p.publishedAt).toUTCString()}</pubDate><description>${xml(p.html)}</description></item>`,
    )
    .join('');
  const body = `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>Novidades do Maratona</title><link>${site}/novidades</link><description>O que mudou no Maratona</description><language>pt-BR</language>${items}</channel></rss>`;
  return new Response(body, { headers: { 'Content-Type': 'application/rss+xml; charset=utf-8', 'Cache-Control': 'public, max-age=300' } });
}
