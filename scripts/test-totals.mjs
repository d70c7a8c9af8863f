// Sums the JSON reports of vitest (one per suite) and Playwright into one line:
// "N passed, N failed" (plus ", N skipped" when any were skipped).
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';

export function sumReports(dir) {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.json')) : [];
  for (const file of files) {
    const report = JSON.parse(readFileSync(join(dir, file), 'utf8'));
    if (typeof report.numPassedTests === 'number') {
      passed += report.numPassedTests;
      failed += report.numFailedTests;
      skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
    } else if (report.stats) {
      passed += report.stats.expected + (report.stats.flaky ?? 0);
      failed += report.stats.unexpected;
      skipped += report.stats.skipped;
    }
  }
  const line = `${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ''}`;
  return { passed, failed, skipped, line };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(sumReports(process.argv[2] ?? join(import.meta.dirname, '..', 'reports')).line);
}
