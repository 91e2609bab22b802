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

export default defineConfig({
  plugins: [tailwindcss(), reactRouterProductionOnServer(), reactRouter()],
  resolve: { alias: { '~': fileURLToPath(new URL('./app', import.meta.url)) } },
  build: { target: 'es2022' },
});
