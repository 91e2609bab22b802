import { useContext, useEffect } from 'react';
import { Links, Meta, Outlet, useLocation, Scripts, ScrollRestoration, isRouteErrorResponse, useRouteError, useRouteLoaderData } from 'react-router';
import type { Route } from './+types/root';
import './app.css';
import interLatin from '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url';
import literataLatin from '@fontsource-variable/literata/files/literata-latin-wght-normal.woff2?url';
import { SiteShell } from './components/layout/site-shell';
import type { ShellData } from './components/layout/shell-data';
import { HeaderSearch } from './features/catalog/components/header-search';
import { NotFound } from './components/layout/not-found';
import { Forbidden, isForbiddenData } from './components/layout/forbidden';
import { FailureScreen } from './components/layout/failure-screen';
import { RequestIdContext } from './server/request-id';
import { CACHE_TAGS_HEADER, storeWhileStreaming } from './server/html-cache.server';
import { withRequestMemo } from './server/request-memo.server';
import { getViewer, hasSessionCookie, shellData, viewerMiddleware } from './server/viewer.server';

// The Latin subsets are on every page: fetched with the HTML, so text does not reflow when they arrive.
export const links: Route.LinksFunction = () => [
  { rel: 'preload', href: interLatin, as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' },
  { rel: 'preload', href: literataLatin, as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' },
  { rel: 'manifest', href: '/manifest.webmanifest' },
  { rel: 'icon', href: '/icons/icon.svg', type: 'image/svg+xml' },
  { rel: 'apple-touch-icon', href: '/icons/apple-touch-icon.png' },
];

/**
 * The viewer is read into the request context (once per request, see viewer.server.ts); a GET request keeps the
 * reads its loaders repeat (request-memo.server.ts). Public pages rendered
 * for visitors go into the HTML cache; the same pages rendered for a signed-in reader are marked private so
 * no shared cache keeps them.
 */
export const middleware: Route.MiddlewareFunction[] = [
  viewerMiddleware,
  ({ request }, next) => (request.method === 'GET' || request.method === 'HEAD' ? withRequestMemo(next) : next()),
  async ({ request }, next) => {
    const response = await next();
    if (hasSessionCookie(request.headers.get('cookie')) || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.headers.delete(CACHE_TAGS_HEADER);
      if (response.headers.get('Cache-Control')?.startsWith('public')) response.headers.set('Cache-Control', 'private, no-store');
      return response;
    }
    return storeWhileStreaming(request, response);
  },
];

export async function loader({ request, context }: Route.LoaderArgs): Promise<ShellData> {
  return shellData(await getViewer({ request, context }));
}

// Reads the saved theme before the first paint, so a dark-theme reader never sees a white flash.
const themeScript = `try{var t=localStorage.getItem('tema');if(t!=='claro'&&t!=='escuro'){t=matchMedia('(prefers-color-scheme: dark)').matches?'escuro':'claro'}document.documentElement.dataset.theme=t==='escuro'?'dark':'light'}catch(e){}`;

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="pt-BR" data-theme="light" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1D4E7A" />
        <script dangerouslySetInnerHTML={{ __html: themeScript }} />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  const location = useLocation();
  useEffect(() => {
    if ('serviceWorker' in navigator && import.meta.env.PROD) void navigator.serviceWorker.register('/sw.js');
  }, []);
  // After signing out, the pages this browser kept for the reader are dropped.
  useEffect(() => {
    if (location.search.includes('saiu=')) navigator.serviceWorker?.controller?.postMessage('purge');
  }, [location.search]);
  return (
    <SiteShell search={<HeaderSearch />}>
      <Outlet />
    </SiteShell>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const serverDigest = useContext(RequestIdContext);
  const shell = useRouteLoaderData<typeof loader>('root');
  if (isRouteErrorResponse(error) && (error.status === 404 || error.status === 403)) {
    const page = error.status === 404 ? <NotFound /> : <Forbidden {...(isForbiddenData(error.data) ? error.data : {})} />;
    return shell ? <SiteShell search={<HeaderSearch />}>{page}</SiteShell> : page;
  }
  return <FailureScreen error={error} serverDigest={serverDigest} />;
}
