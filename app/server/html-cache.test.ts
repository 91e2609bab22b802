import { describe, expect, it, vi } from 'vitest';
import { useTestDatabase } from '../../test/db';
import { clearHtmlCache, invalidateTags, lookupPage, storeWhileStreaming } from './html-cache.server';
import { subscribe } from './realtime.server';

useTestDatabase();

const page = (body: string, tags = 'news') =>
  new Response(body, { status: 200, headers: { 'Content-Type': 'text/html; charset=utf-8', 'X-Cache-Tags': tags } });
const url = new URL('http://localhost/novidades');

async function store(request: Request, response: Response) {
  const sent = storeWhileStreaming(request, response);
  await sent.text();
  await new Promise((r) => setTimeout(r, 20));
}

describe('HTML cache', () => {
  it('keeps a public page for visitors, compressed, and drops it when its tag is invalidated', async () => {
    clearHtmlCache();
    await store(new Request(url), page('<h1>Novidades</h1>'));
    const hit = lookupPage('GET', url, undefined);
    expect(hit?.body.toString()).toBe('<h1>Novidades</h1>');
    expect(hit?.gzip.length).toBeGreaterThan(0);
    expect(hit?.br.length).toBeGreaterThan(0);
    await invalidateTags(['edition:1']);
    expect(lookupPage('GET', url, undefined)).toBeDefined();
    await invalidateTags(['news']);
    expect(lookupPage('GET', url, undefined)).toBeUndefined();
  });

  it('sends a list of tags longer than one NOTIFY holds in several messages, and every server hears all of it', async () => {
    const heard: string[] = [];
    const stop = await subscribe('html_cache', (tags) => heard.push(...(tags as string[])));
    const tags = Array.from({ length: 2000 }, (_, i) => `edition:${String(i).padStart(21, '0')}`);
    await invalidateTags(tags);
    await expect.poll(() => heard.length).toBe(2000);
    expect(heard).toEqual(tags);
    await stop();
  });

  it('serves a page at most five minutes after storing it, whatever invalidations it missed', async () => {
    clearHtmlCache();
    // lru-cache reads the time from the process's `performance` object.
    const now = vi.spyOn(performance, 'now').mockReturnValue(1_000_000);
    const at = async (ms: number) => {
      now.mockReturnValue(1_000_000 + ms);
      await new Promise((r) => setTimeout(r, 5));
      return lookupPage('GET', url, undefined);
    };
    try {
      await store(new Request(url), page('<h1>Novidades</h1>'));
      expect(await at(4 * 60 * 1000)).toBeDefined();
      expect(await at(5 * 60 * 1000 + 1)).toBeUndefined();
    } finally {
      now.mockRestore();
    }
  });

  it('never stores or serves a signed-in page', async () => {
    clearHtmlCache();
    const cookie = 'better-auth.session_token=abc';
    await store(new Request(url, { headers: { cookie } }), page('<h1>Minha página</h1>'));
    expect(lookupPage('GET', url, undefined)).toBeUndefined();
    await store(new Request(url), page('<h1>Pública</h1>'));
    expect(lookupPage('GET', url, cookie)).toBeUndefined();
    expect(lookupPage('POST', url, undefined)).toBeUndefined();
  });

  it('ignores pages that did not opt in, errors and responses setting cookies', async () => {
    clearHtmlCache();
    await store(new Request(url), new Response('<h1>x</h1>', { headers: { 'Content-Type': 'text/html' } }));
    expect(lookupPage('GET', url, undefined)).toBeUndefined();
    await store(new Request(url), new Response('<h1>x</h1>', { status: 500, headers: { 'Content-Type': 'text/html', 'X-Cache-Tags': 'news' } }));
    expect(lookupPage('GET', url, undefined)).toBeUndefined();
    await store(new Request(url), new Response('<h1>x</h1>', { headers: { 'Content-Type': 'text/html', 'X-Cache-Tags': 'news', 'Set-Cookie': 'a=b' } }));
    expect(lookupPage('GET', url, undefined)).toBeUndefined();
  });
});
