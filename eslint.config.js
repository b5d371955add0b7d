import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

const webFeatures = readdirSync('apps/web/src/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'apps/api/drizzle/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
      'e2e/.run/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // SQL only in repository files (and the database layer): a service or route never builds a query.
    files: ['apps/api/src/**/*.ts'],
    ignores: [
      'apps/api/src/**/*.repo.ts',
      'apps/api/src/db/**',
      'apps/api/src/**/*.test.ts',
      'apps/api/src/test/**',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['drizzle-orm', 'drizzle-orm/*'],
              message: 'SQL lives in *.repo.ts files (or src/db/): call a repository function instead.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // No import cycles anywhere: each module can be read (and loaded) after what it imports.
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // The web app's layers: lib and components serve every feature and know none; a feature uses lib,
    // components, the contracts and its own folder, and of another feature only its public doors, api/
    // (its calls and cache keys) and components/ (widgets others embed): decision 0035.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    // A test may check that two layers agree (the dashboard's link and the measurement page's reading).
    ignores: ['apps/web/src/**/*.test.ts'],
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: ['apps/web/src/lib', 'apps/web/src/components'],
              from: 'apps/web/src/features',
              message: 'lib/ and components/ serve every feature: they import no feature.',
            },
            {
              target: ['apps/web/src/lib', 'apps/web/src/components'],
              from: 'apps/web/src/app',
              // The order of the style sheets (Mantine's before the app's) is kept in these two.
              except: ['./mantine-styles.ts', './mantine-styles-shell.ts'],
              message:
                'lib/ and components/ serve the app: they import nothing of app/ but its style sheets.',
            },
            ...webFeatures.map((feature) => ({
              target: `apps/web/src/features/${feature}`,
              from: 'apps/web/src/features',
              except: [
                `./${feature}`,
                ...webFeatures.flatMap((other) => [`./${other}/api`, `./${other}/components`]),
              ],
              message:
                "A feature imports lib/, components/, the contracts, its own folder, and other features' api/ and components/ only: move what several features share into lib/ or components/.",
            })),
          ],
        },
      ],
    },
  },
  {
    // The API's layers: db/, lib/ and plugins/ sit below the modules and import none of them.
    files: ['apps/api/src/db/**/*.ts', 'apps/api/src/lib/**/*.ts'],
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: ['apps/api/src/db', 'apps/api/src/lib'],
              from: 'apps/api/src/modules',
              message: 'db/ and lib/ sit below the modules: move what they need down, or pass it in.',
            },
          ],
        },
      ],
    },
  },
);
