import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { createRoutesStub } from 'react-router';

const PAGE = 'page';

/**
 * A page's markup as the server renders it: the route module's component inside a router, given the data its
 * loader answered (`call(route.loader, …)`), so its forms, links and navigation state work as on a request; with
 * `actionData`, as the page answers a form (`call(route.action, …)`'s data).
 * React's `<!-- -->` between adjacent texts is left out, so a test reads the text as a reader sees it.
 */
export function renderPage<Props>(Component: ComponentType<Props>, loaderData: unknown, url = '/', actionData?: unknown): string {
  const Stub = createRoutesStub([{ id: PAGE, path: '*', Component, loader: () => loaderData }]);
  const hydrationData = { loaderData: { [PAGE]: loaderData }, ...(actionData === undefined ? {} : { actionData: { [PAGE]: actionData } }) };
  return renderToString(<Stub initialEntries={[url]} hydrationData={hydrationData} />).replaceAll('<!-- -->', '');
}
