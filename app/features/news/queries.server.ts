import { desc } from 'drizzle-orm';
import { getDb } from '~/db/client.server';
import { newsPosts } from '~/db/schema';
import { renderMarkdown } from '~/lib/markdown';
import type { NewsPost } from './types';

/** News posts are public: no viewer to check. */
export async function listNewsPosts(limit = 20): Promise<NewsPost[]> {
  const rows = await getDb().select().from(newsPosts).orderBy(desc(newsPosts.publishedAt)).limit(limit);
  return rows.map((row) => ({
    id: row.id,
    slug: row.slug,
    title: row.title,
    body: row.body,
    html: renderMarkdown(row.body),
    publishedAt: row.publishedAt.toISOString(),
  }));
}
