import { eq } from 'drizzle-orm';
import { getDb } from '~/db/client.server';
import { newsPosts } from '~/db/schema';
import { newId } from '~/lib/ids';
import { slugify } from '~/lib/slug';
import { AppError } from '~/server/errors';
import { invalidateTags } from '~/server/html-cache.server';
import type { Viewer } from '~/server/viewer.server';
import { canWriteNews } from './policy';

export const NEWS_CACHE_TAG = 'news';

export async function createNewsPost(viewer: Viewer, input: { title: string; body: string }): Promise<string> {
  if (!canWriteNews(viewer)) throw new AppError('not_found');
  const id = newId();
  const slug = `${slugify(input.title).slice(0, 50) || 'novidade'}-${id.slice(0, 6).toLowerCase()}`;
  await getDb().insert(newsPosts).values({ id, slug, title: input.title, body: input.body, authorId: viewer.id });
  await invalidateTags([NEWS_CACHE_TAG]);
  return id;
}

export async function updateNewsPost(viewer: Viewer, id: string, input: { title: string; body: string }): Promise<void> {
  if (!canWriteNews(viewer)) throw new AppError('not_found');
  const rows = await getDb()
    .update(newsPosts)
    .set({ ...input, updatedAt: new Date() })
    .where(eq(newsPosts.id, id))
    .returning({ id: newsPosts.id });
  if (!rows.length) throw new AppError('not_found');
  await invalidateTags([NEWS_CACHE_TAG]);
}

export async function deleteNewsPost(viewer: Viewer, id: string): Promise<void> {
  if (!canWriteNews(viewer)) throw new AppError('not_found');
  await getDb().delete(newsPosts).where(eq(newsPosts.id, id));
  await invalidateTags([NEWS_CACHE_TAG]);
}
