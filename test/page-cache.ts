import type { HeadersFunction } from 'react-router';
import { expect, vi } from 'vitest';
import { lookupPage, storeWhileStreaming } from '~/server/html-cache.server';
import { publish, subscribe } from '~/server/realtime.server';
import { call } from './routes';

/** How tests see visitors' cached pages (server.ts's HTML cache): visit, and wait for invalidations to drop or keep them. */
export type Route = { loader: unknown; headers: HeadersFunction };
export type Page = { url: URL; route: Route; params: Record<string, string> };

export const cached = (page: Page) => lookupPage('GET', page.url, undefined) !== undefined;

/**
 * What the next visitor is answered, the way server.ts and the root middleware answer: the cached copy while
 * there is one (`lookupPage`), else the loader's, stored with the tags the route's headers send (its data
 * stands for the HTML it renders).
 */
export async function visit(page: Page): Promise<string> {
  const hit = lookupPage('GET', page.url, undefined);
  if (hit) return hit.body.toString();
  const outcome = await call(page.route.loader, new Request(page.url), page.params);
  // A loader answers data(x, init), or its data alone.
  const result = (outcome && typeof outcome === 'object' && 'init' in outcome ? outcome : { data: outcome }) as {
    data: unknown;
    init?: { headers?: HeadersInit };
  };
  const headers = new Headers(
    page.route.headers({
      loaderHeaders: new Headers(result.init?.headers),
      parentHeaders: new Headers(),
      actionHeaders: new Headers(),
      errorHeaders: undefined,
    }),
  );
  headers.set('Content-Type', 'text/html; charset=utf-8');
  const body = JSON.stringify(result.data);
  await storeWhileStreaming(new Request(page.url), new Response(body, { headers })).text();
  await vi.waitFor(() => expect(cached(page)).toBe(true));
  return body;
}

/**
 * Every invalidation sent so far has been heard: notifications arrive in commit order, so once a marker sent
 * now comes back, none sent before it can still drop a page the next visit stores. A test whose set-up changes a
 * lot (many invalidations in flight) waits for it before its first visits.
 */
export async function settled() {
  const marker = `settled:${Math.random()}`;
  let heard = false;
  const stop = await subscribe('html_cache', (tags) => {
    if (Array.isArray(tags) && tags.includes(marker)) heard = true;
  });
  await publish('html_cache', [marker]);
  await vi.waitFor(() => expect(heard).toBe(true), { timeout: 2_000 });
  await stop();
}

/** Invalidations arrive through LISTEN/NOTIFY once the change commits (a change may send several). */
export const dropped = async (...pages: Page[]) => {
  await vi.waitFor(() => expect(pages.filter(cached).map((p) => p.url.pathname)).toEqual([]), { timeout: 2_000 });
  await settled();
};
export const kept = async (...pages: Page[]) => {
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(pages.filter((p) => !cached(p)).map((p) => p.url.pathname)).toEqual([]);
};
