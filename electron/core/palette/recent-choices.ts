import { z } from 'zod';
import { PALETTE_RECENT_MAX, PaletteChoice } from '../../../shared/palette';
import type { PersistentDocument } from '../storage/persistence';

/** The palette's recent choices on disk, most recent first. */
export const RecentChoicesDoc = z.object({ choices: z.array(PaletteChoice).max(PALETTE_RECENT_MAX) });
export type RecentChoicesDoc = z.infer<typeof RecentChoicesDoc>;

/**
 * `choice` first, without its earlier copy, and only choices of accounts still watched: a removed
 * account's choices are forgotten (docs/desktop.md › The command palette). Pure.
 */
export function rememberChoice(choices: readonly PaletteChoice[], choice: PaletteChoice, watched: ReadonlySet<string>): PaletteChoice[] {
  return [choice, ...choices.filter((c) => c.id !== choice.id)].filter((c) => c.profileId === null || watched.has(c.profileId)).slice(0, PALETTE_RECENT_MAX);
}

/** The choices still worth offering: those of accounts still watched. Pure. */
export function currentChoices(choices: readonly PaletteChoice[], watched: ReadonlySet<string>): PaletteChoice[] {
  return choices.filter((c) => c.profileId === null || watched.has(c.profileId));
}

/** The recent choices, kept across restarts; a removed account's are dropped at the next read or write. */
export function createRecentChoices(doc: PersistentDocument<RecentChoicesDoc>, watched: () => ReadonlySet<string>) {
  return {
    list(): PaletteChoice[] {
      const kept = currentChoices(doc.get().choices, watched());
      if (kept.length !== doc.get().choices.length) doc.set({ choices: kept });
      return kept;
    },
    remember(choice: PaletteChoice): PaletteChoice[] {
      return doc.update(({ choices }) => ({ choices: rememberChoice(choices, choice, watched()) })).choices;
    },
  };
}
export type RecentChoices = ReturnType<typeof createRecentChoices>;
