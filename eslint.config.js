import fs from 'node:fs';
import js from '@eslint/js';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const webFeatures = fs
  .readdirSync('src/web/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const serverModules = fs
  .readdirSync('src/server/modules', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
// What of a server module the rest of the server may import: its index.ts, and its testing/
// helpers for other modules' tests.
const serverModuleEntries = serverModules.flatMap((module) => [
  `./${module}/index.ts`,
  `./${module}/testing`,
]);
const serverModuleMessage =
  'A server module is used through its index.ts only (ARCHITECTURE "Workflow modules").';

export default tseslint.config(
  { ignores: ['node_modules', 'dist', 'data', '.test-artifacts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { console: 'readonly', process: 'readonly', URL: 'readonly' },
    },
    settings: {
      // Without these the import plugin parses only .js files, so rules that follow imports
      // (no-cycle) silently saw no dependency between our .ts/.tsx modules.
      'import/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import/resolver': {
        typescript: { project: 'tsconfig.json', noWarnOnMultipleProjects: true },
      },
    },
    plugins: { import: importPlugin },
    rules: {
      'no-undef': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'import/no-cycle': 'error',
      // ARCHITECTURE "Layout": shared is isomorphic; server and web never import each other;
      // the web's layers import only downwards; a web feature never imports another feature;
      // a server module never reaches into another's files.
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './src/shared', from: './src/server' },
            { target: './src/shared', from: './src/web' },
            { target: './src/server', from: './src/web' },
            { target: './src/web', from: './src/server' },
            // Web layers: app (router, layout) → features → components → lib, never upwards.
            {
              target: './src/web/features',
              from: './src/web/app',
              message: 'A feature never imports the app shell: move what it needs to src/web/lib.',
            },
            {
              target: './src/web/components',
              from: ['./src/web/app', './src/web/features'],
              message: 'Components serve the app and its features, never import them.',
            },
            {
              target: './src/web/lib',
              from: ['./src/web/app', './src/web/features', './src/web/components'],
              message: 'lib (HTTP client, session, paths) sits below everything else of the web.',
            },
            ...webFeatures.map((feature) => ({
              target: `./src/web/features/${feature}`,
              from: './src/web/features',
              except: [`./${feature}`],
              message:
                'A web feature never imports another: move shared code to src/web/components.',
            })),
            ...serverModules.map((module) => ({
              target: `./src/server/modules/${module}`,
              from: './src/server/modules',
              except: [`./${module}`, ...serverModuleEntries],
              message: serverModuleMessage,
            })),
            {
              target: [
                './src/server/*.ts',
                './src/server/db',
                './src/server/platform',
                './src/server/testing',
              ],
              from: './src/server/modules',
              except: serverModuleEntries,
              message: serverModuleMessage,
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/web/**/*.tsx', 'src/web/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // ARCHITECTURE "One document kit": a mutation hook in its feature's api.ts owns what it
    // invalidates (useInvalidatingMutation), so no screen picks query keys itself.
    files: ['src/web/**/*.tsx', 'src/web/**/*.ts'],
    ignores: ['src/web/lib/invalidating-mutation.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='invalidateQueries']",
          message:
            'Name what a mutation changes in its api.ts hook (useInvalidatingMutation `invalidates`), not in a screen.',
        },
      ],
    },
  },
);
