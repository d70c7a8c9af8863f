import { randomUUID } from 'node:crypto';
import { DEMO_PROFILE_ID, Profile, type Settings } from '../../../shared/settings';
import { eraseDocument, type DocumentStoreFactory } from '../storage/persistence';
import type { SecretStore } from '../secrets/secret-store';

// DESIGN.md › Client behaviour › Profiles: everything persisted is keyed by a profile id, so a new
// key keeps history and alert memory, and several accounts can be watched without migrations.

/** The persisted documents of one profile; settings are app-wide and not among them. */
export const PROFILE_DOCUMENT_KINDS = ['snapshot', 'history', 'billing', 'alert-memory', 'notifications', 'spend-stop'] as const;
export type ProfileDocumentKind = (typeof PROFILE_DOCUMENT_KINDS)[number];

const PROFILE_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** A new random profile id. */
export function newProfileId(random: () => string = randomUUID): string {
  return random();
}

/** The store name of one of a profile's documents, e.g. `profile-<id>-snapshot`. */
export function profileDocumentName(kind: ProfileDocumentKind, profileId: string): string {
  // The id becomes part of a file name: refuse anything that could leave the store directory.
  if (!PROFILE_ID.test(profileId)) throw new Error('invalid profile id');
  return `profile-${profileId}-${kind}`;
}

/** Every document name a profile may have on disk: what "remove account" erases. */
export function profileDocumentNames(profileId: string): string[] {
  return PROFILE_DOCUMENT_KINDS.map((kind) => profileDocumentName(kind, profileId));
}

export function isDemoProfile(profileId: string | null | undefined): boolean {
  return profileId === DEMO_PROFILE_ID;
}

/** The fixed demo profile, pointing at the embedded local service. */
export function demoProfile(baseUrl: string): Profile {
  return Profile.parse({ id: DEMO_PROFILE_ID, label: 'Demo account', baseUrl, dashboardUrl: null, pinnedZoneIds: [] });
}

export function findProfile(settings: Settings, profileId: string | null | undefined): Profile | null {
  if (!profileId) return null;
  return settings.profiles.find((profile) => profile.id === profileId) ?? null;
}

export function activeProfile(settings: Settings): Profile | null {
  return findProfile(settings, settings.activeProfileId);
}

/** Whether a new base URL points elsewhere than the old one, so the key must be typed again. */
export function baseUrlHostChanged(before: string, after: string): boolean {
  try {
    return new URL(before).host.toLowerCase() !== new URL(after).host.toLowerCase();
  } catch {
    return true;
  }
}

export interface KeyTarget {
  baseUrl?: string;
  label?: string;
}

/**
 * Which profile a key the user just entered belongs to: the active real account (so replacing a
 * key keeps its history and alert memory), or a new profile when there is none or the active one
 * is the demo. Returns the settings with that profile active.
 */
export function profileForNewKey(
  settings: Settings,
  target: KeyTarget,
  defaults: { baseUrl: string; label: string },
  newId: () => string = randomUUID,
): { settings: Settings; profile: Profile; created: boolean } {
  const current = activeProfile(settings);
  if (current && !isDemoProfile(current.id)) {
    const profile = Profile.parse({
      ...current,
      baseUrl: target.baseUrl ?? current.baseUrl,
      label: target.label ?? current.label,
    });
    return { settings: replaceProfile(settings, profile), profile, created: false };
  }
  const profile = Profile.parse({
    id: newProfileId(newId),
    label: target.label ?? defaults.label,
    baseUrl: target.baseUrl ?? defaults.baseUrl,
  });
  return {
    settings: { ...settings, profiles: [...settings.profiles, profile], activeProfileId: profile.id },
    profile,
    created: true,
  };
}

/** Replaces the profile of the same id (or adds it). */
export function replaceProfile(settings: Settings, profile: Profile): Settings {
  const exists = settings.profiles.some((p) => p.id === profile.id);
  return {
    ...settings,
    profiles: exists ? settings.profiles.map((p) => (p.id === profile.id ? profile : p)) : [...settings.profiles, profile],
  };
}

/**
 * Applies a change to a profile's label or URLs. `keyRequired` is true when the base-URL host
 * changed: the stored key was meant for the old host and must not be sent to the new one.
 */
export function updateProfile(
  settings: Settings,
  profileId: string,
  patch: Partial<Pick<Profile, 'label' | 'baseUrl' | 'dashboardUrl'>>,
): { settings: Settings; profile: Profile; keyRequired: boolean } {
  const current = findProfile(settings, profileId);
  if (!current) throw new Error('no such profile');
  // A field given as `undefined` means "unchanged", not "cleared".
  const given = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
  const profile = Profile.parse({ ...current, ...given });
  return {
    settings: replaceProfile(settings, profile),
    profile,
    keyRequired: baseUrlHostChanged(current.baseUrl, profile.baseUrl),
  };
}

/**
 * The demo chosen on the first-run screen stays chosen across restarts, as any account does; with a
 * real account set up, that account stays the one a restart opens (the demo is a look around).
 */
export function withDemoChosen(settings: Settings): Settings {
  return activeProfile(settings) ? settings : { ...settings, activeProfileId: DEMO_PROFILE_ID };
}

/** The demo no longer chosen (removed by the user): a restart shows the first-run screen again. */
export function withoutDemoChosen(settings: Settings): Settings {
  return isDemoProfile(settings.activeProfileId) ? { ...settings, activeProfileId: null } : settings;
}

/** Drops a profile from settings; another real profile becomes active, if any. */
export function withoutProfile(settings: Settings, profileId: string): Settings {
  const profiles = settings.profiles.filter((profile) => profile.id !== profileId);
  const activeProfileId =
    settings.activeProfileId === profileId
      ? (profiles.find((profile) => !isDemoProfile(profile.id))?.id ?? null)
      : settings.activeProfileId;
  return { ...settings, profiles, activeProfileId };
}

/**
 * "Remove account": deletes the key from every backend and every persisted document of the
 * profile (set-aside copies included). The caller drops the profile with `withoutProfile` and
 * closes any document it still holds open.
 */
export async function eraseProfileData(
  profileId: string,
  deps: { secrets: SecretStore; factory: DocumentStoreFactory },
): Promise<void> {
  await deps.secrets.remove(profileId);
  for (const name of profileDocumentNames(profileId)) eraseDocument(deps.factory, name);
}
