import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';
import fs from 'node:fs';
import path from 'node:path';

const webSrc = path.join(import.meta.dirname, 'apps/web/src');
const features = fs.readdirSync(path.join(webSrc, 'features'), { withFileTypes: true }).filter((d) => d.isDirectory());

/**
 * The web app's layers, as in bulletproof-react: shared code (components, hooks, lib) → features →
 * what composes them (routes, layouts, app). Imports only go that way, and a feature never reaches
 * into another: a page that needs two features lives in routes/.
 */
const webZones = [
  ...features.map(({ name }) => ({
    target: `./features/${name}`,
    from: './features',
    except: [`./${name}`],
    message: 'A feature does not import another feature: compose them in routes/, or move the shared piece up.',
  })),
  {
    target: './features',
    from: ['./routes', './layouts', './app'],
    message: 'Features are composed by routes/, layouts/ and app/, never the other way.',
  },
  {
    target: ['./components', './hooks', './lib'],
    from: ['./features', './routes', './layouts', './app'],
    message: 'Shared code (components, hooks, lib) does not depend on features or on what composes them.',
  },
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/.tmp/**', 'apps/api/src/db/migrations/**', 'data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  { files: ['scripts/**', 'apps/api/**', 'e2e/**', '*.js'], languageOptions: { globals: globals.node } },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    settings: {
      // no-cycle follows imports only through files it knows how to parse.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.jsx'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'apps/web/tsconfig.json' })],
    },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'import-x/no-restricted-paths': ['error', { basePath: webSrc, zones: webZones }],
      'import-x/no-cycle': 'error',
    },
  },
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
    },
  },
);
