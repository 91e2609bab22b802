import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const dataLayer = [
  'app/db/**',
  'app/server/**',
  'app/services.server.ts',
  'app/features/*/queries.server.ts',
  'app/features/*/mutations.server.ts',
  'app/features/**/*.server.ts',
  'test/**',
  'scripts/**',
  'bench/**',
  '**/*.test.ts',
  '**/*.test.tsx',
];

const linkPath = { name: 'react-router', importNames: ['Link', 'LinkProps'], message: 'Links go through ~/components/link (plain anchors the shell follows).' };
const iconPath = { name: 'lucide-react', message: "Draw icons with lucide() from ~/components/ui/icons and a drawing from 'lucide-react/icons/{name}'." };
const databasePattern = {
  group: ['~/db/*', '../db/*', 'drizzle-orm', 'drizzle-orm/*'],
  message: 'Only db/, server/, the composition (app/services.server.ts), features/**/*.server.ts and tests touch the database (ARCHITECTURE.md §2).',
};
const routesPattern = { group: ['~/routes/*'], message: 'Routes import features, never the reverse.' };

/**
 * Which layer may import which (docs/decisions/0041-import-direction.md). A zone forbids its `target` files to
 * import anything under `from` but the `except` paths (relative to `from`).
 * root, composition (entry.server, services, body-limits) → routes → features → components, server, db, integrations, lib; components → lib; server → db,
 * integrations, lib; integrations → the server's leaves, lib; db → the server's leaves, the features'
 * vocabulary.ts, lib; leaves → other leaves, lib; lib → nothing of the app.
 */
const serverLeaves = ['./server/env.server.ts', './server/logger.server.ts', './server/query-count.server.ts'];
/** Every features/…/vocabulary.ts (the words and shapes a domain stores), relative to app/ as `except` takes them. */
const featureLeaves = readdirSync('app/features', { recursive: true, encoding: 'utf8' })
  .filter((file) => /(^|\/)vocabulary\.ts$/.test(file))
  .map((file) => `./features/${file}`);
const layers = {
  files: ['app/**/*.{ts,tsx}'],
  // Tests drive the whole stack (a feature's test calls the route that serves it), and nothing imports a test.
  ignores: ['**/*.test.ts', '**/*.test.tsx'],
  plugins: { 'import-x': importX },
  settings: { 'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'tsconfig.json' })] },
  rules: {
    'import-x/no-cycle': ['error', { ignoreExternal: true }],
    'import-x/no-restricted-paths': [
      'error',
      {
        zones: [
          { target: 'app/lib', from: 'app', except: ['./lib'], message: 'lib/ imports nothing of the app (decision 0041).' },
          {
            target: 'app/components',
            from: 'app',
            except: ['./components', './lib'],
            message: 'components/ import only components/ and lib/; a feature passes what they need as props or slots (decision 0041).',
          },
          {
            target: 'app/db',
            from: 'app',
            except: ['./db', './lib', ...serverLeaves, ...featureLeaves],
            message: "db/ imports only lib/, the server's leaves and the features' vocabulary.ts (decision 0041).",
          },
          {
            target: featureLeaves.map((leaf) => `app/${leaf.slice(2)}`),
            from: 'app',
            except: ['./lib', ...featureLeaves],
            message: "A feature's vocabulary.ts imports only lib/ and other vocabulary.ts: the schema reads it (decision 0041).",
          },
          {
            target: serverLeaves.map((leaf) => `app/${leaf.slice(2)}`),
            from: 'app',
            except: ['./lib', ...serverLeaves],
            message: "The server's leaves (env, logger, query count) import only each other and lib/: db/ and integrations/ read them (decision 0041).",
          },
          {
            target: 'app/integrations',
            from: 'app',
            except: ['./integrations', './lib', ...serverLeaves],
            message: "integrations/ import only lib/ and the server's leaves (decision 0041).",
          },
          {
            target: 'app/server',
            from: 'app',
            except: ['./server', './db', './integrations', './lib'],
            message: 'server/ is domain-free: it imports db/, integrations/ and lib/; features register with it from app/services.server.ts (decision 0041).',
          },
          {
            target: 'app/routes',
            from: ['app/root.tsx', 'app/entry.server.tsx', 'app/services.server.ts', 'app/body-limits.server.ts'],
            message: 'Routes compose features; the root and the composition next to entry.server.tsx sit above them (decision 0041).',
          },
          {
            target: 'app/features',
            from: 'app',
            except: ['./features', './components', './server', './db', './integrations', './lib'],
            message: 'features/ import components/, server/, db/, integrations/, lib/ and other features, never routes (decision 0041).',
          },
        ],
      },
    ],
  },
};

export default tseslint.config(
  { ignores: ['build/**', '.react-router/**', 'node_modules/**', 'data/**', 'public/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  { files: ['app/**/*.tsx', 'app/**/use-*.ts'], ...reactHooks.configs.flat.recommended },
  {
    languageOptions: { parserOptions: { ecmaVersion: 'latest', sourceType: 'module' } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      // Prettier decides line breaks (as eslint-config-prettier turns this rule off): it breaks `x\n  [k]()` safely.
      'no-unexpected-multiline': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-duplicate-imports': ['error', { includeExports: false }],
      'no-restricted-imports': ['error', { paths: [linkPath, iconPath], patterns: [databasePattern, routesPattern] }],
    },
  },
  {
    files: ['app/components/ui/icons.test.tsx'],
    rules: { 'no-restricted-imports': ['error', { paths: [linkPath], patterns: [databasePattern, routesPattern] }] },
  },
  {
    files: dataLayer,
    rules: { 'no-restricted-imports': ['error', { patterns: [routesPattern] }] },
  },
  {
    files: ['app/**/*.{ts,tsx}'],
    ignores: ['app/server/env.server.ts'],
    rules: {
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Read configuration through getEnv() (app/server/env.server.ts).' }],
    },
  },
  layers,
  { files: ['scripts/**/*.mjs', 'public/**/*.js'], languageOptions: { globals: { ...globals.node, ...globals.serviceworker } } },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'test/**', 'e2e/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', 'no-restricted-properties': 'off' },
  },
);
