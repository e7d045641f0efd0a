// Lint rules for the whole repository: typescript-eslint's recommended set, React hooks rules for the web app,
// and the feature boundary of bulletproof-react (features never import each other).
import path from 'node:path';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Features never import each other (bulletproof-react). A path pattern cannot say this for relative imports
 * ('../../account/api/x' names no feature), so the rule resolves every import against the importing file and
 * compares the feature folders. Only the router (src/app) may reach into features, to lazy-load their routes.
 */
const FEATURE_DIR = /[\\/]apps[\\/]web[\\/]src[\\/]features[\\/]([^\\/]+)/;
const featureBoundary = {
  meta: {
    type: 'problem',
    docs: { description: 'A feature of the web app must not import another feature' },
    messages: { crossFeature: 'Feature "{{from}}" must not import feature "{{to}}"; share through components/ or lib/.' },
    schema: [],
  },
  create(context) {
    const from = context.filename.match(FEATURE_DIR)?.[1];
    if (!from) return {};
    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const to = path.resolve(path.dirname(context.filename), source).match(FEATURE_DIR)?.[1];
      if (to && to !== from) context.report({ node, messageId: 'crossFeature', data: { from, to } });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};

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
    plugins: { 'react-hooks': reactHooks, foldline: { rules: { 'feature-boundary': featureBoundary } } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'foldline/feature-boundary': 'error',
    },
  },
  {
    // Migrations are frozen in time and talk to Kysely<any>.
    files: ['packages/metadata/src/migrations/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
