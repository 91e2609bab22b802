import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

/**
 * react-router's package exports only its development build to Node (no "production" condition), and its
 * server runtime runs on every request: the server bundle takes the production build instead, and bundles
 * it so the handler (exported by entry.server.tsx) and the routes share that one copy. The browser and the
 * dev server keep resolving the package as published.
 */
function reactRouterProductionOnServer(): Plugin {
  const production = fileURLToPath(new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url));
  return {
    name: 'maratona:react-router-production-on-server',
    apply: 'build',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'ssr',
    resolveId: (source) => (source === 'react-router' ? { id: production, external: false } : null),
  };
}

/**
 * On the server, react-router rebuilds its whole route tree for every page it renders (all ~130 routes, twice:
 * `createServerRoutes`, then `convertRoutesToDataRoutes` in `createStaticRouter`), and matches every ancestor
 * path of the URL against all routes for the partial manifest it inlines (`getPartialManifest`). For a given
 * build the tree never changes, and the partial manifest depends only on the matched routes and the ancestor
 * paths: this appends to its (pinned) production chunk a memo of the three, 10–15 % of a signed-in page's CPU
 * (docs/decisions/0009). Matching a URL also tried the ranked route branches one by one until one matched (each
 * try matched the root layout and ran a regular expression: ~4 % of /estante's CPU, three times a page); the
 * memo keeps, per path, which branch matches, and only that branch is matched again, so the matches are the
 * router's own fresh objects. The build fails if the chunk no longer has these functions, so an upgrade cannot
 * drop the memo unseen.
 */
function reactRouterRouteTreeOnce(): Plugin {
  const memo = `
;{
  const serverTree = createServerRoutes;
  const serverTrees = new WeakMap();
  const builtTrees = new WeakSet();
  createServerRoutes = function (manifest, routeModules, future, isSpaMode, ...child) {
    if (child.length > 0) return serverTree(manifest, routeModules, future, isSpaMode, ...child);
    let trees = serverTrees.get(manifest);
    if (!trees) serverTrees.set(manifest, (trees = new Map()));
    let tree = trees.get(isSpaMode);
    if (!tree) {
      tree = serverTree(manifest, routeModules, future, isSpaMode);
      builtTrees.add(tree);
      trees.set(isSpaMode, tree);
    }
    return tree;
  };
  const toDataRoutes = convertRoutesToDataRoutes;
  const dataTrees = new WeakMap();
  convertRoutesToDataRoutes = function (routes, mapRouteProperties, parentPath, manifest, allowInPlaceMutations) {
    if (!builtTrees.has(routes) || parentPath !== undefined || manifest === undefined || allowInPlaceMutations) return toDataRoutes(routes, mapRouteProperties, parentPath, manifest, allowInPlaceMutations);
    let tree = dataTrees.get(routes);
    if (!tree) {
      const byId = {};
      tree = { routes: toDataRoutes(routes, mapRouteProperties, undefined, byId), byId };
      dataTrees.set(routes, tree);
    }
    Object.assign(manifest, tree.byId);
    return tree.routes;
  };
  const partialManifest = getPartialManifest;
  const partials = new WeakMap();
  getPartialManifest = function (manifest, router) {
    let byKey = partials.get(manifest);
    if (!byKey) partials.set(manifest, (byKey = new Map()));
    const key = router.state.matches.map((match) => match.route.id).join(",") + "|" + router.state.location.pathname.split("/").filter(Boolean).slice(0, -1).join("/");
    let partial = byKey.get(key);
    if (!partial) {
      if (byKey.size >= 2000) byKey.clear();
      partial = partialManifest(manifest, router);
      byKey.set(key, partial);
    }
    return partial;
  };
  const matchBranches = matchRoutesImpl;
  const matchingBranch = new WeakMap();
  matchRoutesImpl = function (routes, locationArg, basename, allowPartial, precomputedBranches) {
    if (!precomputedBranches) return matchBranches(routes, locationArg, basename, allowPartial);
    const location = typeof locationArg === "string" ? parsePath(locationArg) : locationArg;
    const pathname = stripBasename(location.pathname || "/", basename);
    if (pathname == null) return null;
    const decoded = decodePath(pathname);
    let byPath = matchingBranch.get(precomputedBranches);
    if (!byPath) matchingBranch.set(precomputedBranches, (byPath = new Map()));
    const key = (allowPartial ? "partial:" : "whole:") + decoded;
    let index = byPath.get(key);
    if (index === undefined) {
      index = precomputedBranches.findIndex((branch) => matchRouteBranch(branch, decoded, allowPartial) != null);
      if (byPath.size >= 2000) byPath.clear();
      byPath.set(key, index);
    }
    return index < 0 ? null : matchRouteBranch(precomputedBranches[index], decoded, allowPartial);
  };
}
`;
  const names = [
    'function createServerRoutes(',
    'function convertRoutesToDataRoutes(',
    'function getPartialManifest(',
    'function matchRoutesImpl(routes, locationArg, basename, allowPartial, precomputedBranches)',
    'function matchRouteBranch(',
    'function stripBasename(',
    'function decodePath(',
    'function parsePath(',
  ];
  let applied = false;
  return {
    name: 'maratona:react-router-route-tree-once',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'ssr',
    transform(code, id) {
      if (!id.includes('/node_modules/react-router/dist/production/') || !names.every((name) => code.includes(name))) return null;
      applied = true;
      return { code: code + memo, map: null };
    },
    buildEnd(error) {
      if (!error && !applied) throw new Error(`react-router changed: one of ${names.join(', ')} is gone; revisit reactRouterRouteTreeOnce in vite.config.ts`);
    },
  };
}

/**
 * A rendered page is one string, and V8 stores a string with a single character above U+00FF at two bytes per
 * character: twice the memory, a slower encoding, and past 64K characters an allocation of its own in the large
 * object space (a mmap and munmap per page; docs/decisions/0033). One source of such characters was the server
 * bundle itself: when its file holds any (our copy's "—", "“", "…"), V8 keeps its whole source at two bytes, and
 * react-router's ScrollRestoration inlines a function's source text (`toString()`), so every page came out
 * two-byte. This writes each such character of the SSR bundle as a `\uXXXX` escape, the same string, regular
 * expression, identifier or comment for JavaScript; it runs after Vite's own last rewrite of the chunk (esbuild,
 * which would print the characters back). A tagged template's raw text would change, so the build refuses one
 * (write the character as `${'\u2014'}` there), and so it does a character right after a backslash.
 */
export function serverBundleLatin1(): Plugin {
  return {
    name: 'maratona:server-bundle-latin1',
    apply: 'build',
    enforce: 'post',
    applyToEnvironment: (environment) => environment.name === 'ssr',
    renderChunk: {
      order: 'post',
      handler(code, chunk) {
        if (!/[\u0100-\uffff]/.test(code)) return null;
        const raw: [number, number][] = [];
        const visit = (node: unknown): void => {
          if (Array.isArray(node)) return node.forEach(visit);
          if (!node || typeof node !== 'object') return;
          const n = node as { type?: string; quasi?: { start: number; end: number } };
          if (n.type === 'TaggedTemplateExpression' && n.quasi) raw.push([n.quasi.start, n.quasi.end]);
          for (const value of Object.values(node)) if (value && typeof value === 'object') visit(value);
        };
        visit(this.parse(code));
        const refused: string[] = [];
        const escaped = code.replace(/[\u{100}-\u{10ffff}]/gu, (character, offset: number) => {
          const before = code.slice(Math.max(0, offset - 40), offset);
          if (raw.some(([start, end]) => offset >= start && offset < end) || /(^|[^\\])(\\\\)*\\$/.test(before)) {
            refused.push(`${chunk.fileName}: …${before}${character}`);
            return character;
          }
          return Array.from({ length: character.length }, (_, i) => `\\u${character.charCodeAt(i).toString(16).padStart(4, '0')}`).join('');
        });
        if (refused.length > 0) this.error(`characters above U+00FF the server bundle cannot escape:\n${refused.join('\n')}`);
        return { code: escaped, map: null };
      },
    },
  };
}

export default defineConfig({
  plugins: [tailwindcss(), reactRouterProductionOnServer(), reactRouterRouteTreeOnce(), reactRouter(), serverBundleLatin1()],
  resolve: { alias: { '~': fileURLToPath(new URL('./app', import.meta.url)) } },
  build: { target: 'es2022' },
});
