import { defineConfig } from 'vitest/config';

// Stryker's vitest config: only the test files scripts/mutation.mjs names for the mutated file.
const include = (process.env.ZW_MUTATION_TESTS ?? '').split(',').filter(Boolean);

export default defineConfig({
  test: { include, environment: 'node', testTimeout: 60_000, hookTimeout: 60_000 },
});
