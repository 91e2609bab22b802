import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { reactRouterRouteTreeOnce } from './vite-plugins/route-tree-once';

export default defineConfig({
  // reactRouterRouteTreeOnce changes how react-router runs on the server, for speed (docs/decisions/0042);
  // docs/upgrading.md says what to check when react-router is upgraded and how to remove it.
  plugins: [tailwindcss(), reactRouterRouteTreeOnce(), reactRouter()],
  resolve: { alias: { '~': fileURLToPath(new URL('./app', import.meta.url)) } },
  // Bundled into the server build, so the plugin above can append its memo to react-router's chunk; the handler
  // (re-exported by entry.server.tsx) and the routes share that one copy.
  ssr: { noExternal: ['react-router'] },
  build: { target: 'es2022' },
});
