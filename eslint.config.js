// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';

/**
 * Import directions of the design (DESIGN section 1, docs/decisions/006-exam-rules-owners.md):
 * src -> contract, machines; server -> contract, machines/exam-layout.ts and machines/answer-sync.ts;
 * machines -> contract
 * types only; contract -> zod and machines/exam-layout.ts (the zod-free layout, which imports
 * nothing). Written as no-restricted-imports patterns per folder so a wrong import fails lint.
 */
const ours = (...folders) => folders.flatMap((f) => [`**/${f}/**`, `**/${f}`]);
const restrict = (message, ...folders) => ({ group: ours(...folders), message });
/** Every folder of machines/ but the layout table, which contract/ and server/ may import. */
const machinesButLayout = { regex: '(^|/)machines(/(?!exam-layout\\.ts$)|$)' };
/** The server may also import the pure answer merge, so the newest-answer rule has one owner. */
const machinesButShared = { regex: '(^|/)machines(/(?!(exam-layout|answer-sync)\\.ts$)|$)' };

/** What contract/ may import: zod and the exam layout (contract/zod.ts alone imports zod itself). */
const contractPatterns = [
  restrict('contract/ depends on zod and the exam layout only (DESIGN section 1).', 'src', 'server', 'content'),
  { ...machinesButLayout, message: 'contract/ may import machines/exam-layout.ts only.' },
  { regex: '^(?!zod($|/)|\\.)', message: 'contract/ depends on zod only.' },
];

/**
 * The rooms of src/ (bulletproof-react): no feature imports another; shared code (api, components,
 * lib, i18n) imports no feature and no app shell; features may use the app's store hooks and auth
 * state (app/store.ts, app/auth-state.ts, app/auth.slice.ts) but not its router, layout or providers.
 */
const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const roomZones = [
  ...features.map((f) => ({
    target: `./src/features/${f}`,
    from: './src/features',
    except: [`./${f}`],
    message: 'A feature does not import another feature: promote what both need to src/components, src/lib or src/app.',
  })),
  {
    target: ['./src/api', './src/components', './src/lib', './src/i18n'],
    from: ['./src/features', './src/app'],
    message: 'Shared code does not reach into features or the app shell.',
  },
  {
    target: './src/features',
    from: './src/app',
    except: ['./store.ts', './auth-state.ts', './auth.slice.ts'],
    message: 'Features use only the store hooks (app/store.ts) and auth state (app/auth-state.ts, app/auth.slice.ts) of the app shell.',
  },
];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'data/**',
      'coverage/**',
      'public/mockServiceWorker.js',
      'storybook-static/**',
      'server/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['*.js', 'scripts/*.mjs'] },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
      // Fastify plugins and handlers are async by contract, with or without an await inside.
      '@typescript-eslint/require-await': 'off',
    },
  },
  { files: ['eslint.config.js'], ...tseslint.configs.disableTypeChecked },
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
    },
    rules: {
      // Type-only imports vanish at run time and cannot form a loading cycle.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: roomZones }] },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'stories/**/*.{ts,tsx}', '.storybook/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
  {
    files: ['machines/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            restrict('machines/ imports nothing of ours at run time (DESIGN section 1).', 'src', 'server', 'content'),
            {
              group: ours('contract'),
              allowTypeImports: true,
              message: 'machines/ use contract shapes by `import type` only (no zod in the machines).',
            },
            {
              group: ['react', 'react-dom', 'react-*', '@reduxjs/*', 'react-redux', '@mantine/*'],
              message: 'machines/ stays free of UI and Redux.',
            },
          ],
        },
      ],
      'no-restricted-globals': ['error', 'fetch', 'window', 'document', 'localStorage', 'setInterval', 'setTimeout'],
    },
  },
  {
    files: ['contract/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...contractPatterns,
            { regex: '^zod($|/)', message: "contract/ takes z from contract/zod.ts, which makes browsers' parsing eval-free." },
          ],
        },
      ],
    },
  },
  { files: ['contract/zod.ts'], rules: { 'no-restricted-imports': ['error', { patterns: contractPatterns }] } },
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            restrict(
              'server/ may import contract/, machines/exam-layout.ts and machines/answer-sync.ts only (DESIGN section 1).',
              'src',
              'stories',
            ),
            { ...machinesButShared, message: 'server/ may import machines/exam-layout.ts and machines/answer-sync.ts only.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [restrict('src/ may import contract/ and machines/ only (DESIGN section 1).', 'server', 'tests', 'scripts')],
        },
      ],
    },
  },
  {
    files: ['src/components/**/*.{ts,tsx}', 'src/lib/**/*.{ts,tsx}', 'src/i18n/**/*.ts', 'src/api/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [restrict('Shared code does not reach into features or the app shell.', 'features', 'app', 'server')],
        },
      ],
    },
  },
  {
    files: ['tests/**/*.{ts,tsx}', '**/*.test.{ts,tsx}', 'stories/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/unbound-method': 'off',
      // JSON answers under test are `any` by nature; the assertions are the type check.
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      'no-console': 'off',
    },
  },
  {
    files: ['scripts/**/*.{ts,js,mjs}'],
    rules: { 'no-console': 'off' },
  },
);
