import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/**
 * Imports flow one way: ui → commands → machines → sync → db → model → contracts (DESIGN.md §5),
 * type imports counted too. The page (src/main.tsx) and the sync worker (src/workers) are the two
 * composition roots and may import any layer. Screens read through live queries
 * (src/ui/hooks/live.ts, the one module that may use dexie-react-hooks and Dexie's liveQuery) and
 * act through src/commands: from machines, sync and db they take types only (a row's shape, an
 * actor's snapshot), never code. Import paths are relative, so the patterns are spelled per folder
 * depth (`../db/…` from src/ui/x.tsx is src/db; from src/ui/catalog/x.tsx it would be src/ui/db).
 */
const ORDER = ['ui', 'commands', 'machines', 'sync', 'db', 'model'];
const ROOTS = ['main', 'workers', 'sw'];
/** The layers above `layer` (never imported, not even a type) and, for screens, the ones they take types from. */
const ABOVE = (layer) => [...ORDER.slice(0, ORDER.indexOf(layer)), ...ROOTS];
const TYPES_ONLY = { ui: ['db', 'sync', 'machines'] };
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
const folder = (depth, other) => [`${'../'.repeat(depth)}${other}`, `${'../'.repeat(depth)}${other}/**`, `${'../'.repeat(depth)}${other}.*`];
const layerRule = (layer, depth, paths) => [
  'error',
  {
    paths,
    patterns: [
      ...ABOVE(layer).map((other) => ({
        group: folder(depth, other),
        message: `Imports flow ui → commands → machines → sync → db → model → contracts: src/${layer} may not import src/${other}, not even a type.`,
      })),
      ...(TYPES_ONLY[layer] ?? []).map((other) => ({
        group: folder(depth, other),
        allowTypeImports: true,
        message: `src/${layer} may import only types from src/${other}: screens read through src/ui/hooks/live.ts and act through src/commands.`,
      })),
    ],
  },
];
// Tests may reach across layers for their fixtures.
const TESTS = ['**/*.test.{ts,tsx}'];
const layers = ORDER.flatMap((layer) =>
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
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts', 'contracts/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}', '**/testing/**'],
    rules: { 'max-lines': ['error', { max: 300, skipBlankLines: true, skipComments: true }] },
  },
  {
    files: ['server/**/*.ts', 'upstreams/**/*.ts', 'tests/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.{js,mjs}', '*.config.{ts,js}'],
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
  {
    // Factories are maps of named handlers, components are small named parts: no long closure (DESIGN.md §5).
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts', 'contracts/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}', '**/testing/**'],
    rules: { 'max-lines-per-function': ['error', { max: 60, skipBlankLines: true, skipComments: true }] },
  },
);
