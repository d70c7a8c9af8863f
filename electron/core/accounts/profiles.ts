import { type NewId, systemNewId } from '../ports';
import { ACCOUNT_COLORS, type AccountColor } from '../../../shared/accounts';
import { DEMO_PROFILE_ID, Profile, type Settings } from '../../../shared/settings';
import { eraseDocument, type DocumentStoreFactory } from '../storage/persistence';
import { intradayDocumentName } from '../intraday/intraday-store';
import { ledgerDocumentNames } from '../ledger/ledger-store';
import type { SecretStore } from '../secrets/secret-store';

// docs/architecture.md › Accounts: everything persisted is keyed by a profile id, so a new
// key keeps history and alert memory, and several accounts can be watched without migrations.

/** The persisted documents of one profile; settings are app-wide and not among them. */
export const PROFILE_DOCUMENT_KINDS = ['snapshot', 'history', 'billing', 'alert-memory', 'notifications', 'spend-stop', 'caps', 'account-cap', 'journal', 'off-days'] as const;
export type ProfileDocumentKind = (typeof PROFILE_DOCUMENT_KINDS)[number];

const PROFILE_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** A new random profile id. */
export function newProfileId(random: NewId = systemNewId): string {
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
  return Profile.parse({ id: DEMO_PROFILE_ID, label: 'Demo account', baseUrl, dashboardUrl: null, pinnedZoneIds: [], color: 'grey' });
}

export function findProfile(settings: Settings, profileId: string | null | undefined): Profile | null {
  if (!profileId) return null;
  return settings.profiles.find((profile) => profile.id === profileId) ?? null;
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
  baseUrl?: string | undefined;
  label?: string | undefined;
  color?: AccountColor | undefined;
}

/** The first colour no account wears yet, so a new account is told apart at a glance. Pure. */
export function nextAccountColor(settings: Settings): AccountColor {
  const worn = new Set(settings.profiles.map((profile) => profile.color));
  return ACCOUNT_COLORS.find((color) => !worn.has(color)) ?? ACCOUNT_COLORS[settings.profiles.length % ACCOUNT_COLORS.length]!;
}

/**
 * The profile a key names: the account `profileId` (its key replaced, so it keeps its history and
 * alert memory), or a new account added after the others. Returns the settings with it. Pure but
 * for `newId`.
 */
export function profileForKey(
  settings: Settings,
  profileId: string | undefined,
  target: KeyTarget,
  defaults: { baseUrl: string },
  newId: NewId = systemNewId,
): { settings: Settings; profile: Profile; created: boolean } {
  if (profileId !== undefined) {
    const current = findProfile(settings, profileId);
    if (!current) throw new Error('no such profile');
    const profile = Profile.parse({
      ...current,
      ...(target.baseUrl !== undefined ? { baseUrl: target.baseUrl } : {}),
      ...(target.label !== undefined ? { label: target.label } : {}),
      ...(target.color !== undefined ? { color: target.color } : {}),
    });
    return { settings: replaceProfile(settings, profile), profile, created: false };
  }
  const real = settings.profiles.length;
  const profile = Profile.parse({
    id: newProfileId(newId),
    label: target.label ?? (real === 0 ? 'My account' : `Account ${real + 1}`),
    baseUrl: target.baseUrl ?? defaults.baseUrl,
    color: target.color ?? nextAccountColor(settings),
  });
  return { settings: { ...settings, profiles: [...settings.profiles, profile] }, profile, created: true };
}

/**
 * The accounts in a new order: the ids given first, in that order, then any not named (an
 * account added meanwhile is never lost). Unknown ids (the demo's) are ignored. Pure.
 */
export function reorderProfiles(settings: Settings, profileIds: readonly string[]): Settings {
  const byId = new Map(settings.profiles.map((profile) => [profile.id, profile]));
  const named = [...new Set(profileIds)].flatMap((id) => {
    const profile = byId.get(id);
    return profile ? [profile] : [];
  });
  const rest = settings.profiles.filter((profile) => !named.includes(profile));
  return { ...settings, profiles: [...named, ...rest] };
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
  patch: Partial<Pick<Profile, 'label' | 'baseUrl' | 'dashboardUrl' | 'color' | 'alerts'>>,
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

/** Drops a profile from settings; the others stay as they were. */
export function withoutProfile(settings: Settings, profileId: string): Settings {
  return { ...settings, profiles: settings.profiles.filter((profile) => profile.id !== profileId) };
}

/**
 * "Remove account": deletes the key from every backend and every persisted document of the
 * profile (set-aside copies included). The caller drops the profile with `withoutProfile` and
 * closes any document it still holds open.
 */
export async function eraseProfileData(
  profileId: string,
  deps: { secrets: Pick<SecretStore, 'remove'>; factory: DocumentStoreFactory },
): Promise<void> {
  await deps.secrets.remove(profileId);
  const history = [intradayDocumentName(profileId), ...ledgerDocumentNames(deps.factory, profileId)];
  for (const name of [...profileDocumentNames(profileId), ...history]) eraseDocument(deps.factory, name);
}
