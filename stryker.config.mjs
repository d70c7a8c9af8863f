// StrykerJS for `npm run mutation` (scripts/mutation.mjs sets `mutate` and the reports per file).
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  reporters: ['clear-text', 'html', 'json'],
  coverageAnalysis: 'perTest',
  concurrency: 2,
  timeoutMS: 60_000,
  checkers: [],
  ignorePatterns: ['out', 'dist', 'reports', 'test-results', 'playwright-report', '.stryker-tmp'],
  cleanTempDir: true,
};
