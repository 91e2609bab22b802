import { useEffect, type AnchorHTMLAttributes, type Ref } from 'react';
// eslint-disable-next-line no-restricted-imports -- the one module that wraps React Router's Link
import { Link as RouterLink, createPath, useLocation, useNavigate } from 'react-router';

export type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  /** Where the link goes: an absolute path ("/ed/…") or, relative to the current route, a search ("?pagina=2"). */
  to: string;
  /** A full page load instead of a navigation inside the app (downloads, resource routes). */
  reloadDocument?: boolean;
  ref?: Ref<HTMLAnchorElement>;
};

/**
 * Marks the anchors `useAppLinks` follows. React Router's lazy route discovery looks for `a[data-discover]`
 * whatever its value, so the mark also has the router fetch the routes these links lead to before any click.
 */
const APP_LINK = 'app';

/**
 * Every link inside the app. A link to an absolute path is a plain anchor, and one listener on the window
 * (`useAppLinks`) turns its clicks into router navigations: React Router's `Link` runs some thirty hooks
 * per anchor, and a bookshelf page holds more than a hundred of them (decision 0048). Relative links and
 * `reloadDocument` are React Router's own `Link`.
 */
export function Link(props: LinkProps) {
  const { to, reloadDocument, ...anchor } = props;
  if (reloadDocument || !to.startsWith('/') || to.startsWith('//')) return <RouterLink to={to} reloadDocument={reloadDocument} {...anchor} />;
  // The anchor's own attributes are set on the copy before it is spread. An object built as `{ ...rest, href }`
  // (what `<a {...rest} href={to} />` compiles to) takes V8's slow path, and React walking its keys to write the
  // attributes then cost four times as much: 150 links rendered in 0.55 ms against 0.13 ms (docs/decisions/0049).
  const attributes: AnchorHTMLAttributes<HTMLAnchorElement> & { 'data-discover'?: string } = anchor;
  attributes.href = to;
  attributes['data-discover'] = APP_LINK;
  return <a {...attributes} />;
}

/**
 * Follows clicks on `Link`'s plain anchors inside the app, as React Router's `Link` would: a left click
 * without modifier keys on a link that opens in this tab; the browser handles everything else (new tabs,
 * downloads, handlers that prevented the click). A link to where the reader already is replaces the history
 * entry instead of adding one. Mounted once, by the shell.
 */
export function useAppLinks() {
  const navigate = useNavigate();
  const location = useLocation();
  const here = createPath(location);
  useEffect(() => {
    function onClick(event: MouseEvent) {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
      const anchor = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>(`a[data-discover="${APP_LINK}"]`) : null;
      if (!anchor || (anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download') || anchor.origin !== window.location.origin) return;
      event.preventDefault();
      const to = `${anchor.pathname}${anchor.search}${anchor.hash}`;
      void navigate(to, { replace: to === here });
    }
    window.addEventListener('click', onClick);
    return () => window.removeEventListener('click', onClick);
  }, [navigate, here]);
}
