import { afterEach, describe, expect, it, vi } from 'vitest';
import { ROUTE_TREE_MEMO } from '../vite-plugins/route-tree-once';

type Fn = (...args: never[]) => unknown;
type Chunk = Record<'createServerRoutes' | 'convertRoutesToDataRoutes' | 'getPartialManifest' | 'matchRoutesImpl', Fn>;
type Router = { state: { matches: { route: { id: string } }[]; location: { pathname: string; search: string } } };

/**
 * The memo evaluated over stand-ins for react-router's functions, as the build appends it to the chunk that
 * declares them; `checking` sets MARATONA_CHECK_ROUTE_MEMO while it is evaluated.
 */
function memoOver(original: Partial<Chunk>, checking: boolean): Chunk {
  vi.stubEnv('MARATONA_CHECK_ROUTE_MEMO', checking ? '1' : '');
  const names = ['createServerRoutes', 'convertRoutesToDataRoutes', 'getPartialManifest', 'matchRoutesImpl'] as const;
  const helpers = {
    matchRouteBranch: (branch: { path: string }, pathname: string) =>
      branch.path === pathname ? [{ route: { id: branch.path }, params: {}, pathname, pathnameBase: pathname }] : null,
    stripBasename: (pathname: string) => pathname,
    decodePath: (pathname: string) => pathname,
    parsePath: (path: string) => ({ pathname: path }),
  };
  const declared = [...names, ...Object.keys(helpers)];
  const evaluate = new Function(...declared, `${ROUTE_TREE_MEMO}; return { ${names.join(', ')} };`) as (...args: unknown[]) => Chunk;
  return evaluate(...names.map((name) => original[name] ?? (() => undefined)), ...Object.values(helpers));
}

const router = (pathname: string, search = ''): Router => ({
  state: { matches: [{ route: { id: 'root' } }, { route: { id: pathname } }], location: { pathname, search } },
});

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('the route tree memo appended to react-router (vite-plugins/route-tree-once.ts)', () => {
  it('builds the server route tree once per manifest and the data routes once per tree', () => {
    let built = 0;
    const chunk = memoOver(
      {
        createServerRoutes: () => [{ id: 'root', built: ++built }],
        convertRoutesToDataRoutes: ((routes: { id: string }[], _map: unknown, _parent: unknown, manifest: Record<string, unknown>) => {
          for (const route of routes) manifest[route.id] = route;
          return routes.map((route) => ({ ...route, data: true }));
        }) as Fn,
      },
      false,
    );
    const manifest = {};
    const tree = chunk.createServerRoutes(...([manifest, {}, {}, false] as never[]));
    expect(chunk.createServerRoutes(...([manifest, {}, {}, false] as never[]))).toBe(tree);
    expect(built).toBe(1);
    const byId: Record<string, unknown> = {};
    const dataRoutes = chunk.convertRoutesToDataRoutes(...([tree, undefined, undefined, byId] as never[]));
    const again: Record<string, unknown> = {};
    expect(chunk.convertRoutesToDataRoutes(...([tree, undefined, undefined, again] as never[]))).toBe(dataRoutes);
    expect(again).toEqual(byId);
  });

  it('keeps a partial manifest per matched routes and ancestor path, and the branch a path matches', () => {
    let computed = 0;
    let tried = 0;
    const chunk = memoOver(
      {
        getPartialManifest: ((_manifest: unknown, r: Router) => ({ routes: r.state.matches.map((m) => m.route.id), computed: ++computed })) as Fn,
        matchRoutesImpl: ((_routes: unknown, path: string, _base: unknown, _partial: unknown, branches: { path: string }[]) => {
          tried++;
          const branch = branches.find((b) => b.path === path);
          return branch ? [{ route: { id: branch.path }, params: {}, pathname: path, pathnameBase: path }] : null;
        }) as Fn,
      },
      false,
    );
    const manifest = {};
    const first = chunk.getPartialManifest(...([manifest, router('/u/lia')] as never[]));
    expect(chunk.getPartialManifest(...([manifest, router('/u/lia', '?pagina=2')] as never[]))).toBe(first);
    expect(chunk.getPartialManifest(...([manifest, router('/u/rui')] as never[]))).not.toBe(first);
    expect(computed).toBe(2);

    const branches = [{ path: '/home' }, { path: '/estante' }];
    expect(chunk.matchRoutesImpl(...(['routes', '/estante', '/', false, branches] as never[]))).toEqual([
      { route: { id: '/estante' }, params: {}, pathname: '/estante', pathnameBase: '/estante' },
    ]);
    expect(chunk.matchRoutesImpl(...(['routes', '/nada', '/', false, branches] as never[]))).toBeNull();
    expect(tried).toBe(0);
  });

  it('with MARATONA_CHECK_ROUTE_MEMO=1, fails the request the day react-router’s answer stops being the kept one', () => {
    // An upgrade that makes each function depend on something the memo does not key on.
    let version = 0;
    const chunk = memoOver(
      {
        createServerRoutes: () => [{ id: 'root', version: ++version }],
        getPartialManifest: ((_manifest: unknown, r: Router) => ({ search: r.state.location.search })) as Fn,
        matchRoutesImpl: ((_routes: unknown, path: string) => [
          { route: { id: 'root' }, params: { version: ++version }, pathname: path, pathnameBase: path },
        ]) as Fn,
      },
      true,
    );
    const manifest = {};
    chunk.createServerRoutes(...([manifest, {}, {}, false] as never[]));
    expect(() => chunk.createServerRoutes(...([manifest, {}, {}, false] as never[]))).toThrow(/server route tree is not the kept one/);
    chunk.getPartialManifest(...([manifest, router('/u/lia')] as never[]));
    expect(() => chunk.getPartialManifest(...([manifest, router('/u/lia', '?pagina=2')] as never[]))).toThrow(/partial manifest is not the kept one/);
    expect(() => chunk.matchRoutesImpl(...(['routes', '/home', '/', false, [{ path: '/home' }]] as never[]))).toThrow(/route matches is not the kept one/);
  });

  it('with MARATONA_CHECK_ROUTE_MEMO=1, lets an unchanged react-router through', () => {
    const chunk = memoOver({ createServerRoutes: () => [{ id: 'root', children: [{ id: 'home', loader: () => null }] }] }, true);
    const manifest = {};
    const tree = chunk.createServerRoutes(...([manifest, {}, {}, false] as never[]));
    expect(chunk.createServerRoutes(...([manifest, {}, {}, false] as never[]))).toBe(tree);
  });
});
