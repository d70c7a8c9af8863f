import { readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { relativeImports, walk } from './source-graph';

// Every account-level fact has one derivation (docs/architecture.md › The pieces). The read model (electron/core/readout/)
// works out an account's state, figures and forecast, top zones and the totals across accounts;
// outside it nothing imports those derivations, and its one entry (account-readout.ts) is imported
// only where the core derives an account's read model and the totals. Everything else reads them.

const root = resolve(import.meta.dirname, '../../..');
const READOUT = join(root, 'electron/core/readout');
const ENTRY = join(READOUT, 'account-readout.ts');
/** The one place an account's read model is derived, and the one place the totals across accounts are. */
const DERIVE_HERE = ['electron/core/watch/account-watch.ts', 'electron/core/app-core.ts'];
const rel = (file: string) => relative(root, file);

/** Every file of the app (tests apart, which build their fixtures with the same derivation) and what it imports. */
const appFiles = ['electron', 'shared', 'renderer', 'scripts'].flatMap((folder) => walk(join(root, folder)));
const imports = new Map(appFiles.map((file) => [file, relativeImports(file, readFileSync(file, 'utf8'))]));

describe('one derivation per account-level fact', () => {
  it('keeps the derivations of state, figures, forecast, top zones and totals inside the read model', () => {
    const derivations = walk(READOUT).filter((file) => file !== ENTRY);
    expect(derivations.map(rel).sort()).toEqual(
      [
        'electron/core/readout/account-figures.ts',
        'electron/core/readout/account-state.ts',
        'electron/core/readout/attention.ts',
        'electron/core/readout/offers.ts',
        'electron/core/readout/overview.ts',
        'electron/core/readout/spend-forecast.ts',
        'electron/core/readout/top-zones.ts',
        'electron/core/readout/zone-sums.ts',
      ].sort(),
    );
    const outside = [...imports]
      .filter(([file]) => !file.startsWith(`${READOUT}/`))
      .flatMap(([file, targets]) => targets.filter((target) => derivations.includes(target) && target !== join(READOUT, 'attention.ts')).map((target) => `${rel(file)} → ${rel(target)}`));
    expect(outside).toEqual([]);
  });

  it('derives the read model in one place per fact: an account’s in its watch, the totals in the core', () => {
    const importers = [...imports].filter(([file, targets]) => !file.startsWith(`${READOUT}/`) && targets.includes(ENTRY)).map(([file]) => rel(file));
    expect(importers.sort()).toEqual([...DERIVE_HERE].sort());
  });

  it('lets the tray, main, the browser shell and the window read the read model, never derive it', () => {
    const readers = appFiles.filter((file) => /^(electron\/core\/tray|electron\/main|electron\/web|electron\/preload|renderer|shared)\//.test(rel(file)));
    const offenders = readers.flatMap((file) => (imports.get(file) ?? []).filter((target) => target.startsWith(`${READOUT}/`)).map((target) => `${rel(file)} → ${rel(target)}`));
    expect(readers.length).toBeGreaterThan(50);
    expect(offenders).toEqual([]);
  });
});
