import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

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
  {
    files: ['src/sync/api/**/*.ts'],
    rules: { 'no-restricted-imports': 'off' },
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
