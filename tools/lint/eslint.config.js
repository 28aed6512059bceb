// The project's ESLint configuration (flat config), re-exported by the root eslint.config.js.
// Rules that keep the code's shape: no import cycles, no undeclared dependencies, the React
// hooks rules, typescript-eslint's recommended set (syntax only: type-aware rules would need
// TypeScript 5's checker over the whole program on every run).
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    // Contestants' programs (sample submissions, language templates, judge test programs) are
    // data, not the project's code.
    ignores: [
      '**/node_modules/**',
      'web/dist/**',
      'dist/**',
      'data/**',
      'tests/e2e/screenshots/**',
      '.tmp/**',
      'problems/**',
      'languages/*/template.*',
      'tests/judge/programs/**',
    ],
  },
  ...tseslint.configs.recommended,
  {
    rules: {
      // A leading underscore says "deliberately unused" (an argument a signature needs, a key
      // dropped by destructuring).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-extraneous-dependencies': ['error', { includeTypes: true }],
    },
  },
  {
    // The rules of hooks and their dependency lists. (react-hooks 7's React Compiler rules, e.g.
    // no ref reads during render, are not enabled: the app does not use the compiler.)
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // The server's modules are reachable as @verdict/server/internal/* for the project's own
    // tests and benchmarks; other packages use its public entry points.
    files: ['cli/**', 'web/**', 'packages/**', 'plugins/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@verdict/server/internal/*'], message: "Use @verdict/server's public entry points (server/package.json exports)." }] },
      ],
    },
  },
  {
    // Kysely's migrations take Kysely<any>: a migration must not depend on today's schema type.
    files: ['server/src/db/migrations/**', 'server/src/db/migrate.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
