import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const dataLayer = ['app/db/**', 'app/server/**', 'app/features/*/queries.server.ts', 'app/features/*/mutations.server.ts', 'app/features/*/*.server.ts', 'test/**', 'scripts/**', 'bench/**', '**/*.test.ts', '**/*.test.tsx'];

const linkPath = { name: 'react-router', importNames: ['Link', 'LinkProps'], message: 'Links go through ~/components/link (plain anchors the shell follows).' };
const iconPath = { name: 'lucide-react', message: "Draw icons with lucide() from ~/components/ui/icons and a drawing from 'lucide-react/icons/{name}'." };
const databasePattern = { group: ['~/db/*', '../db/*', 'drizzle-orm', 'drizzle-orm/*'], message: 'Only db/, server/, features/*/*.server.ts and tests touch the database (ARCHITECTURE.md §2).' };
const routesPattern = { group: ['~/routes/*'], message: 'Routes import features, never the reverse.' };

export default tseslint.config(
  { ignores: ['build/**', '.react-router/**', 'node_modules/**', 'data/**', 'public/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  { files: ['app/**/*.tsx', 'app/**/use-*.ts'], ...reactHooks.configs.flat.recommended },
  {
    languageOptions: { parserOptions: { ecmaVersion: 'latest', sourceType: 'module' } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
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
    rules: { 'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Read configuration through getEnv() (app/server/env.server.ts).' }] },
  },
  { files: ['scripts/**/*.mjs', 'public/**/*.js'], languageOptions: { globals: { ...globals.node, ...globals.serviceworker } } },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'test/**', 'e2e/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', 'no-restricted-properties': 'off' },
  },
);
