// ESLint (flat config): typescript-eslint's recommended rules, with type information for the rules that
// catch un-awaited promises, and eslint-plugin-playwright's rules for the test files (no fixed waits, no
// focused or skipped tests left behind, no missing awaits on Playwright's own promises).
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import playwright from 'eslint-plugin-playwright';

export default tseslint.config(
  { ignores: ['node_modules/', 'reports/', 'test-results/', 'contracts/*.gen.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: false }],
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // Playwright fixtures without dependencies are written `async ({}, use) => …`.
      'no-empty-pattern': 'off',
      'no-control-regex': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['suite/**/*.ts', 'tests/**/*.ts', 'mock/tests/**/*.ts'],
    ...playwright.configs['flat/recommended'],
    rules: {
      ...playwright.configs['flat/recommended'].rules,
      // Checks assert through CheckFailure (the suite's typed failure), not expect().
      'playwright/expect-expect': 'off',
      // Steps and checks are declared in loops over tables, on purpose.
      'playwright/no-conditional-in-test': 'off',
      'playwright/no-conditional-expect': 'off',
      'playwright/valid-title': 'off',
      'playwright/no-skipped-test': ['error', { allowConditional: true }],
      'playwright/no-wait-for-timeout': 'error',
      'playwright/no-focused-test': 'error',
      'playwright/missing-playwright-await': 'error',
    },
  },
);
