import { useEffect, useState } from 'react';
import type { Route } from './+types/offline';
import { Foca } from '~/components/ui/foca';
import { offlineRetryTarget } from '~/lib/offline-retry';

export const meta: Route.MetaFunction = () => [{ title: 'Sem internet · Maratona' }];

/** What the list shows for a kept page: its title without the site's name, or its address when it has none. */
function keptPage(address: string, html: string): { address: string; title: string } {
  const title = new DOMParser()
    .parseFromString(html, 'text/html')
    .title.replace(/ · Maratona$/, '')
    .trim();
  return { address, title: title || address };
}

function retry() {
  const wanted = offlineRetryTarget(window.location);
  if (wanted) window.location.assign(wanted);
  else window.location.reload();
}

/**
 * Prerendered at build time; the service worker sends here any navigation that fails offline without a kept
 * copy (public/sw.js).
 */
export default function Offline() {
  const [pages, setPages] = useState<{ address: string; title: string }[]>([]);
  useEffect(() => {
    if (!('caches' in window)) return;
    void caches.open('paginas').then(async (cache) => {
      const kept = [];
      for (const request of await cache.keys()) {
        const url = new URL(request.url);
        if (url.pathname === '/~offline') continue;
        const response = await cache.match(request);
        kept.push(keptPage(url.pathname + url.search, response ? await response.text() : ''));
      }
      setPages(kept);
    });
  }, []);
  return (
    <section className="mx-auto flex max-w-md flex-col items-center gap-4 py-8 text-center">
      <Foca mood="sleeping" size={140} />
      <h1 className="font-serif text-3xl font-bold">Você está sem internet</h1>
      <p className="text-muted">Assim que a conexão voltar, é só recarregar. Enquanto isso, estas páginas que você visitou continuam disponíveis:</p>
      {pages.length ? (
        <ul className="flex flex-col gap-1">
          {pages.map((page) => (
            <li key={page.address}>
              <a href={page.address}>{page.title}</a>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted">Nenhuma página guardada ainda.</p>
      )}
      <button type="button" onClick={retry} className="min-h-11 rounded-lg bg-mar px-5 py-2.5 font-semibold text-on-mar">
        Tentar de novo
      </button>
    </section>
  );
}
