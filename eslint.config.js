// Lint rules for the whole repository: typescript-eslint's recommended set, React hooks rules for the web app,
// and the feature boundary of bulletproof-react (features never import each other).
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/features/*/**', '!./**'], message: 'Features never import each other; share through components/ or lib/.' }] },
      ],
    },
  },
  {
    // Migrations are frozen in time and talk to Kysely<any>.
    files: ['packages/metadata/src/migrations/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
