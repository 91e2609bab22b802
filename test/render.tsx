import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { createRoutesStub } from 'react-router';

const PAGE = 'page';

/**
 * A page's markup as the server renders it: the route module's component inside a router, given the data its
 * loader answered (`call(route.loader, …)`), so its forms, links and navigation state work as on a request.
 * React's `<!-- -->` between adjacent texts is left out, so a test reads the text as a reader sees it.
 */
export function renderPage<Props>(Component: ComponentType<Props>, loaderData: unknown, url = '/'): string {
  const Stub = createRoutesStub([{ id: PAGE, path: '*', Component, loader: () => loaderData }]);
  return renderToString(<Stub initialEntries={[url]} hydrationData={{ loaderData: { [PAGE]: loaderData } }} />).replaceAll('<!-- -->', '');
}
