import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/**
 * Imports flow one way: ui → commands → machines / db / sync (DESIGN.md §5). Screens read through
 * live queries (src/ui/hooks/live.ts, the one module that may use dexie-react-hooks and Dexie's
 * liveQuery) and act
 * through src/commands; from the layers below they import types only (a row's shape, a role),
 * never code: no tables, no API client, no actor. Import paths are relative, so the patterns are
 * spelled per folder depth (`../db/…` from src/ui/x.tsx is src/db; from src/ui/catalog/x.tsx it
 * would be src/ui/db).
 */
const BELOW = {
  ui: ['db', 'sync', 'machines', 'sw', 'workers'],
  commands: ['ui'],
  machines: ['ui', 'commands', 'db', 'sync'],
  db: ['ui', 'commands', 'sync', 'machines'],
  sync: ['ui', 'commands'],
};
const DEPTHS = [1, 2, 3, 4];
const uiPackages = (liveQueries) => [
  { name: 'axios', message: 'HTTP belongs in src/sync/api; screens act through src/commands.' },
  ...(liveQueries
    ? []
    : [
        { name: 'dexie', message: 'Screens never touch the database: read through src/ui/hooks/live.ts.' },
        { name: 'dexie-react-hooks', message: 'Live queries go through src/ui/hooks/live.ts.' },
      ]),
];
const axiosOnlyInApi = [{ name: 'axios', message: 'HTTP belongs in src/sync/api.' }];
const layerRule = (layer, depth, paths) => [
  'error',
  {
    paths,
    patterns: BELOW[layer].map((other) => ({
      group: [`${'../'.repeat(depth)}${other}`, `${'../'.repeat(depth)}${other}/**`],
      allowTypeImports: true,
      message:
        layer === 'ui'
          ? `src/ui may import only types from src/${other}: screens read through src/ui/hooks/live.ts and act through src/commands.`
          : `Imports flow ui → commands → machines / db / sync: src/${layer} may import only types from src/${other}.`,
    })),
  },
];
// Tests may reach across layers for their fixtures.
const TESTS = ['**/*.test.{ts,tsx}'];
const layers = Object.keys(BELOW).flatMap((layer) =>
  DEPTHS.map((depth) => ({
    files: [`src/${layer}/${'*/'.repeat(depth - 1)}*.{ts,tsx}`],
    ignores: TESTS,
    rules: {
      'no-restricted-imports': 'off',
      '@typescript-eslint/no-restricted-imports': layerRule(layer, depth, layer === 'ui' ? uiPackages(false) : axiosOnlyInApi),
    },
  })),
);
// src/sync/api is where axios lives.
const apiClients = [2, 3].map((depth) => ({
  files: [`src/sync/api/${'*/'.repeat(depth - 2)}*.ts`],
  ignores: TESTS,
  rules: { '@typescript-eslint/no-restricted-imports': layerRule('sync', depth, []) },
}));

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'data', 'test-results', 'playwright-report', 'bench/artifacts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Components read through hooks and talk to actors; HTTP lives in src/sync/api only.
      'no-restricted-imports': ['error', { paths: [{ name: 'axios', message: 'HTTP belongs in src/sync/api.' }] }],
    },
  },
  ...layers,
  ...apiClients,
  {
    files: TESTS,
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['src/ui/hooks/live.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': layerRule('ui', 2, uiPackages(true)) },
  },
  {
    // Files stay small enough to read whole; tests may be longer (one describe per behaviour).
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}', '**/testing/**'],
    rules: { 'max-lines': ['error', { max: 300, skipBlankLines: true, skipComments: true }] },
  },
  {
    files: ['server/**/*.ts', 'tests/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.{js,mjs}', '*.config.{ts,js}'],
    languageOptions: { globals: globals.node },
  },
  {
    // Playwright fixtures that need nothing are written `async ({}, use) =>`.
    files: ['tests/e2e/**/*.ts'],
    rules: { 'no-empty-pattern': 'off' },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
);
