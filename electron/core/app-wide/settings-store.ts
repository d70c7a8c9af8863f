import type { Profile, Settings } from '../../../shared/settings';
import { replaceProfile } from '../accounts/profiles';
import type { PersistentDocument } from '../storage/persistence';

export type SettingsStore = {
  get(): Settings;
  /** Saves the settings and tells the views; returns them as saved. */
  save(next: Settings): Settings;
  /** Saves one account's profile (its pinned zones) within the settings. */
  saveProfile(profile: Profile): void;
};

/** The app's settings, every account's profile among them: one document, and who hears of a change. */
export function createSettingsStore(deps: { doc: PersistentDocument<Settings>; onSaved: (saved: Settings) => void }): SettingsStore {
  function save(next: Settings): Settings {
    deps.doc.set(next);
    const saved = deps.doc.get();
    deps.onSaved(saved);
    return saved;
  }
  return {
    get: () => deps.doc.get(),
    save,
    saveProfile: (profile) => void save(replaceProfile(deps.doc.get(), profile)),
  };
}
