/*
 * Maratona service worker (hand-written, see docs/decisions/0004-service-worker.md).
 * - /~offline and the scripts, styles and fonts it loads are precached; a navigation that fails offline
 *   and has no kept copy is sent there (`?de=` the address it was for), and it lists the kept pages by title.
 * - Built assets (/assets/*, immutable hashed names), fonts and icons: cache first.
 * - Pages: network first; a copy is kept only when the server marked the page public
 *   (Cache-Control: public), so settings, whispers, overlays and anything private never enter the cache.
 * - Signing out lands on a URL with ?saiu=…: the page cache is purged before it is answered.
 */
const VERSION = 'v1';
const SHELL = `shell-${VERSION}`;
const PAGES = 'paginas';
const OFFLINE = '/~offline';

/**
 * /~offline with everything it loads: its scripts, styles and fonts too, or the page shown for a failed
 * navigation could not start (its route's script was never fetched online) and would not list the kept pages.
 */
async function precacheShell() {
  const cache = await caches.open(SHELL);
  await cache.addAll([OFFLINE, '/manifest.webmanifest', '/icons/icon-192.png', '/icons/icon.svg']);
  const offline = await cache.match(OFFLINE);
  const html = offline ? await offline.text() : '';
  await cache.addAll([...new Set(html.match(/\/assets\/[\w.-]+\.(?:js|css|woff2)/g) || [])]);
}

self.addEventListener('install', (event) => {
  event.waitUntil(precacheShell().then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith('shell-') && k !== SHELL).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('message', (event) => {
  if (event.data === 'purge') event.waitUntil(caches.delete(PAGES));
});

const isPublic = (response) => response.ok && response.type === 'basic' && /\bpublic\b/.test(response.headers.get('Cache-Control') || '');

async function page(request) {
  const url = new URL(request.url);
  if (url.searchParams.has('saiu')) await caches.delete(PAGES);
  try {
    const response = await fetch(request);
    if (isPublic(response)) {
      const copy = response.clone();
      caches.open(PAGES).then((cache) => cache.put(request, copy));
    }
    return response;
  } catch {
    const cached = await caches.match(request, { cacheName: PAGES });
    if (cached) return cached;
    // Sent to /~offline itself (saying where the reader was going), so the page starts as the route it is.
    if (url.pathname !== OFFLINE) return Response.redirect(`${OFFLINE}?de=${encodeURIComponent(url.pathname + url.search)}`, 302);
    return (await caches.match(OFFLINE)) || Response.error();
  }
}

async function asset(request) {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) {
    const copy = response.clone();
    caches.open(SHELL).then((cache) => cache.put(request, copy));
  }
  return response;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    event.respondWith(page(request));
  } else if (url.pathname.startsWith('/assets/') || url.pathname.startsWith('/icons/')) {
    event.respondWith(asset(request));
  }
});
