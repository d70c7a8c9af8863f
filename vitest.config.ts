import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

const reporters = process.env.ZW_REPORT_DIR
  ? ['default', ['json', { outputFile: `${process.env.ZW_REPORT_DIR}/vitest-${process.env.ZW_SUITE ?? 'all'}.json` }] as const]
  : ['default'];

export default defineConfig({
  test: {
    reporters: reporters as never,
    projects: [
      {
        plugins: [react()],
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          exclude: ['tests/unit/renderer/**'],
          environment: 'node',
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'renderer',
          include: ['tests/unit/renderer/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
          fileParallelism: true,
        },
      },
      {
        test: {
          // docs/development.md › The simulator: the real core against in-process services on one simulated clock, seeded.
          name: 'sim',
          include: ['tests/sim/**/*.test.ts'],
          environment: 'node',
          // A hang guard, not a speed target: 200 seeds take about 140 s on two shared cores.
          testTimeout: 600_000,
        },
      },
      {
        test: {
          name: 'main-smoke',
          include: ['tests/main-smoke/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          // npm run package:check against packages built wrong on purpose (each builds one: ~10 s).
          name: 'package',
          include: ['tests/package/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'keychain',
          include: ['tests/keychain/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
        },
      },
    ],
  },
});
