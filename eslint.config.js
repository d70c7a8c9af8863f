import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const nodeBuiltins = ['node:*', 'fs', 'path', 'os', 'child_process', 'crypto', 'http', 'https', 'net', 'url', 'util', 'stream', 'events'];

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', 'reports/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': 'off',
    },
  },
  {
    // core and shared run in plain Node and in the browser preview: never Electron.
    files: ['electron/core/**', 'electron/service/**', 'electron/web/**', 'electron/server-guard/**', 'shared/**'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: 'electron', message: 'electron/core, electron/service, electron/web, electron/server-guard and shared must not import electron: inject a port instead.' }] }],
    },
  },
  {
    files: ['shared/**'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [{ name: 'electron', message: 'shared must not import electron.' }],
        patterns: [{ group: nodeBuiltins, message: 'shared is imported by the renderer: no Node APIs.' }],
      }],
    },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', {
        paths: [{ name: 'electron', message: 'The renderer speaks only the IPC contract (window.zonewatch).' }],
        patterns: [{ group: [...nodeBuiltins, '**/electron/**'], message: 'The renderer cannot use Node or main-process code.' }],
      }],
    },
  },
  {
    files: ['tests/**', 'scripts/**'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
