// A child process for killed-writer.test.ts: writes one of the app's stores in a loop, the way the
// app writes its money records (openDocument, durable), until it is killed. Argument: the folder.
import { z } from 'zod';
import { confStoreFactory, openDocument } from '../../../electron/core/storage/persistence';

export const WRITER_STORE = 'profile-killed-alert-memory';
export const WriterValue = z.object({ round: z.number().int(), filler: z.array(z.string()) });

const dir = process.argv[2];
if (dir !== undefined) {
  const doc = openDocument(confStoreFactory(dir), WRITER_STORE, WriterValue, { round: -1, filler: [] }, undefined, {
    now: () => Date.now(),
    onSetAside: () => undefined,
    durable: true,
  });
  // About 500 KB a write, as big as the alert memory grows: the rename comes well after the temp file appears.
  const filler = Array.from({ length: 10_000 }, (_, i) => `zone-${i}-`.padEnd(48, 'x'));
  process.stdout.write('writing\n');
  for (let round = 0; ; round++) doc.set({ round, filler });
}
