import type { Plugin } from 'vite';

/**
 * The functions of react-router's chunk the memo below replaces or calls. The build fails when the
 * chunk no longer has one of them with these parameters.
 */
export const ROUTE_TREE_FUNCTIONS = [
  'function createServerRoutes(manifest, routeModules, future, isSpaMode, parentId',
  'function convertRoutesToDataRoutes(routes, mapRouteProperties2, parentPath = [], manifest = {}, allowInPlaceMutations = false)',
  'function getPartialManifest({ sri, ...manifest }, router)',
  'function matchRoutesImpl(routes, locationArg, basename, allowPartial, precomputedBranches)',
  'function matchRouteBranch(',
  'function stripBasename(',
  'function decodePath(',
  'function parsePath(',
] as const;

/**
 * Appended to react-router's chunk in the server bundle (docs/decisions/0042): react-router rebuilds its
 * whole route tree for every page it renders (all ~130 routes, twice: `createServerRoutes`, then
 * `convertRoutesToDataRoutes` in `createStaticRouter`), matches every ancestor path of the URL against all
 * routes for the partial manifest it inlines (`getPartialManifest`), and tries its ranked branches one by one
 * on every match. For a given build the tree never changes, the partial manifest depends only on the matched
 * routes and the ancestor paths, and a path always matches the same branch: this keeps the trees, the partial
 * manifests (2,000 at most) and, per path, the index of the branch that matches (2,000 paths at most; only that
 * branch is matched again, so matches are the router's own fresh objects).
 *
 * With MARATONA_CHECK_ROUTE_MEMO=1 in the server's environment (the e2e and smoke servers have it), every call
 * also runs react-router's own function and throws when its answer differs from the kept one: the day an
 * upgrade makes one of these depend on anything else, the end-to-end tests fail (docs/upgrading.md).
 */
export const ROUTE_TREE_MEMO = `
;{
  const checking = globalThis.process?.env?.MARATONA_CHECK_ROUTE_MEMO === "1";
  const shape = (value, ancestors = []) => {
    if (typeof value === "function") return "function";
    if (value === null || typeof value !== "object") return value;
    if (ancestors.includes(value)) return "cycle";
    const inner = [...ancestors, value];
    if (Array.isArray(value)) return value.map((item) => shape(item, inner));
    if (value instanceof Set || value instanceof Map) return [value.constructor.name, [...value].map((item) => shape(item, inner))];
    return Object.keys(value).sort().map((key) => [key, shape(value[key], inner)]);
  };
  const same = (what, kept, fresh) => {
    if (JSON.stringify(shape(kept)) !== JSON.stringify(shape(fresh))) throw new Error("react-router's " + what + " is not the kept one: its assumption no longer holds; see docs/upgrading.md (reactRouterRouteTreeOnce)");
  };
  const matchShape = (matches) => matches && matches.map((match) => ({ id: match.route.id, params: match.params, pathname: match.pathname, pathnameBase: match.pathnameBase }));

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
    } else if (checking) same("server route tree", tree, serverTree(manifest, routeModules, future, isSpaMode));
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
    } else if (checking) {
      const byId = {};
      same("data route tree", tree, { routes: toDataRoutes(routes, mapRouteProperties, undefined, byId), byId });
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
    } else if (checking) same("partial manifest", partial, partialManifest(manifest, router));
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
    const matches = index < 0 ? null : matchRouteBranch(precomputedBranches[index], decoded, allowPartial);
    if (checking) same("route matches", matchShape(matches), matchShape(matchBranches(routes, locationArg, basename, allowPartial, precomputedBranches)));
    return matches;
  };
}
`;

/**
 * Appends ROUTE_TREE_MEMO to the chunk of react-router that declares its functions, in the server build only
 * (vite.config.ts bundles react-router there: `ssr.noExternal`).
 */
export function reactRouterRouteTreeOnce(): Plugin {
  let applied = false;
  return {
    name: 'maratona:react-router-route-tree-once',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'ssr',
    transform(code, id) {
      if (!id.includes('/node_modules/react-router/dist/') || !ROUTE_TREE_FUNCTIONS.every((name) => code.includes(name))) return null;
      applied = true;
      return { code: code + ROUTE_TREE_MEMO, map: null };
    },
    buildEnd(error) {
      if (!error && !applied)
        throw new Error(`react-router changed: one of ${ROUTE_TREE_FUNCTIONS.join(', ')} is gone; see docs/upgrading.md (reactRouterRouteTreeOnce)`);
    },
  };
}
