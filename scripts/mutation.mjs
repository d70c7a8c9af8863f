// npm run mutation [-- <repo-relative file>]: StrykerJS (vitest runner) over the code that decides
// about money, one file at a time, each against only the tests that exercise it (docs/development.md
// › Mutation testing). Prints `bench: mutation score <file> = X %` (total score: survived and
// no-coverage mutants both count against it).
import { Stryker } from '@stryker-mutator/core';
import path from 'node:path';

/** Mutated file → the test files that exercise it (kept small so one file finishes within 20 min). */
export const relatedTests = {
  'electron/core/spend-stop/stop-plan.ts': ['tests/unit/core/spend-stop/stop-plan.test.ts'],
  'electron/core/spend-stop/stop-record.ts': [
    'tests/unit/core/spend-stop/stop-record.test.ts',
    // recordAfterInterrupted: what a restart makes of a stop the journal caught half-done.
    'tests/unit/core/journal/recovery.test.ts',
  ],
  'electron/core/caps/cap-plan.ts': ['tests/unit/core/caps/cap-plan.test.ts'],
  'electron/core/journal/journal.ts': [
    'tests/unit/core/journal/journal.test.ts',
    // interrupted / told / finish across restarts, as recovery uses them.
    'tests/unit/core/journal/recover-interrupted.test.ts',
  ],
  // Pure: its unit test pins every branch and every sentence; the integration test of a killed run
  // took over 20 minutes here (it restarts a core per mutant) and belongs to recover-interrupted.ts.
  'electron/core/journal/recovery.ts': ['tests/unit/core/journal/recovery.test.ts'],
  // Its unit test runs the real journal and client over a folder and a fetch; the integration tests
  // of killed runs and a full disk cover it too, at minutes per mutant here.
  'electron/core/journal/recover-interrupted.ts': ['tests/unit/core/journal/recover-interrupted.test.ts'],
};

async function mutate(file) {
  const tests = relatedTests[file];
  const slug = file.replace(/[/.]/g, '_');
  const stryker = new Stryker({
    configFile: 'stryker.config.mjs',
    mutate: [file],
    vitest: { configFile: 'stryker.vitest.config.ts', related: false },
    tempDirName: `.stryker-tmp/${slug}`,
    htmlReporter: { fileName: `reports/mutation/${slug}.html` },
    jsonReporter: { fileName: `reports/mutation/${slug}.json` },
  });
  process.env.ZW_MUTATION_TESTS = tests.join(',');
  const results = await stryker.runMutationTest();
  const killed = results.filter((m) => m.status === 'Killed' || m.status === 'Timeout').length;
  const valid = results.filter((m) => !['CompileError', 'RuntimeError', 'Ignored'].includes(m.status)).length;
  const score = valid === 0 ? 100 : (100 * killed) / valid;
  const survivors = results.filter((m) => m.status === 'Survived' || m.status === 'NoCoverage');
  for (const m of survivors) {
    console.log(`  ${m.status} ${file}:${m.location.start.line}:${m.location.start.column} ${m.mutatorName}: ${m.replacement ?? ''}`.slice(0, 240));
  }
  console.log(`bench: mutation score ${file} = ${score.toFixed(1)} %`);
}

const requested = process.argv.slice(2).map((arg) => path.relative(process.cwd(), path.resolve(arg)).split(path.sep).join('/'));
const unknown = requested.filter((file) => !(file in relatedTests));
if (unknown.length > 0) {
  console.error(`No mutation target: ${unknown.join(', ')}. Targets: ${Object.keys(relatedTests).join(', ')}`);
  process.exit(2);
}
for (const file of requested.length > 0 ? requested : Object.keys(relatedTests)) await mutate(file);
