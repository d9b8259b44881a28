// Lint rules of docs/design-rules.md §3.7: no `any`, no floating promises, import boundaries between hosts.
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import path from 'node:path';

const noElectronOrRenderer = {
  patterns: [
    { group: ['electron', 'electron/*'], message: 'server/ and shared/ run under plain Node: never import electron.' },
    { group: ['**/renderer/**', '@/*'], message: 'server/ and shared/ must not import the renderer.' },
  ],
};

/**
 * Features stand alone (issue 40): a file in renderer/src/features/<a>/ imports shared pieces from
 * renderer/src/lib and components, never renderer/src/features/<b>/ (as `@/features/b/...` or
 * `../../b/...`); app/ composes. No exceptions: a piece two features need belongs in lib/, components/ or app/.
 */
const FEATURES_DIR = path.join(import.meta.dirname, 'renderer', 'src', 'features');

/** The feature a path lies in, or null outside renderer/src/features. */
function featureOf(file) {
  const rel = path.relative(FEATURES_DIR, file);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return null;
  const [feature] = rel.split(path.sep);
  return feature && feature !== rel ? feature : null;
}

const featureBoundaries = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      cross:
        "Feature '{{from}}' must not import feature '{{to}}': move the shared piece to renderer/src/lib or components, or compose in app/.",
    },
  },
  create(context) {
    const from = featureOf(context.filename);
    if (!from) return {};
    const check = (source) => {
      if (!source || typeof source.value !== 'string') return;
      const spec = source.value;
      let target = null;
      if (spec.startsWith('@/features/')) target = spec.split('/')[2] ?? null;
      else if (spec.startsWith('.')) target = featureOf(path.resolve(path.dirname(context.filename), spec));
      if (!target || target === from) return;
      context.report({ node: source, messageId: 'cross', data: { from, to: target } });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

export default tseslint.config(
  {
    ignores: [
      'out/**',
      'dist/**',
      'node_modules/**',
      'server/db/migrations/**',
      'data/**',
      'cg_output/**',
      '.scratch/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['*.mjs', 'scripts/*.mjs'] },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['server/**/*.ts', 'shared/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', noElectronOrRenderer] },
  },
  {
    // server/integrations/ holds the clients of the outside world (CG files, CasparCG/OBS/vMix,
    // Google Sheets); they know no feature. A feature that uses one lives in server/modules/<feature>.
    files: ['server/integrations/**/*.ts'],
    ignores: ['server/integrations/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...noElectronOrRenderer.patterns,
            {
              group: ['**/modules/**', '**/services', '**/index'],
              message: 'server/integrations/ never imports a feature (server/modules/): pass what the client needs in.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'cg-bridge': { rules: { 'feature-boundaries': featureBoundaries } } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'cg-bridge/feature-boundaries': 'error',
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server/**', 'electron'], message: 'The renderer talks to the server over HTTP only.' },
          ],
        },
      ],
    },
  },
  {
    // Shared pieces stay shared: lib/ and components/ never reach into a feature (features import them).
    files: ['renderer/src/lib/**/*.{ts,tsx}', 'renderer/src/components/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server/**', 'electron'], message: 'The renderer talks to the server over HTTP only.' },
            {
              group: ['@/features/*', '**/features/*'],
              message: 'renderer/src/lib and components are shared: they never import a feature.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
);
