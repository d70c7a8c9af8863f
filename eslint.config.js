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
    // Determinism (docs/development.md › The simulator): the core and the service take time, timers,
    // chance and fresh ids from their ports, so one seed replays a run. Only the ports' real
    // implementations reach past them: electron/core/ports.ts, the service's wall-clock.ts, the shells.
    files: ['electron/core/**', 'electron/service/**'],
    ignores: ['electron/core/ports.ts', 'electron/service/wall-clock.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [
          { name: 'electron', message: 'electron/core and electron/service must not import electron: inject a port instead.' },
          { name: 'node:crypto', importNames: ['randomUUID', 'randomBytes', 'randomInt'], message: 'Take fresh ids from the NewId port (electron/core/ports.ts).' },
          { name: 'crypto', importNames: ['randomUUID', 'randomBytes', 'randomInt'], message: 'Take fresh ids from the NewId port (electron/core/ports.ts).' },
        ],
      }],
      'no-restricted-globals': ['error', ...['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'setImmediate', 'clearImmediate'].map((name) => ({ name, message: 'Use the Clock port (electron/core/ports.ts): the simulator alone advances time.' }))],
      'no-restricted-properties': ['error',
        { object: 'Date', property: 'now', message: 'Use the Clock port (clock.now()).' },
        { object: 'Math', property: 'random', message: 'Use the Random port (electron/core/ports.ts).' },
        { object: 'crypto', property: 'randomUUID', message: 'Use the NewId port (electron/core/ports.ts).' },
        { object: 'performance', property: 'now', message: 'Use the Clock port (clock.now()).' },
        ...['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'].map((property) => ({ object: 'globalThis', property, message: 'Use the Clock port.' })),
      ],
      'no-restricted-syntax': ['error',
        { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: 'new Date() reads the wall clock: use new Date(clock.now()).' },
        { selector: "CallExpression[callee.name='Date'][arguments.length=0]", message: 'Date() reads the wall clock: use new Date(clock.now()).' },
      ],
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
