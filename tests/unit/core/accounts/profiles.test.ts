import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ACCOUNT_COLORS } from '../../../../shared/accounts';
import { Settings } from '../../../../shared/settings';
import {
  baseUrlHostChanged,
  demoProfile,
  eraseProfileData,
  profileDocumentName,
  profileDocumentNames,
  nextAccountColor,
  profileForKey,
  reorderProfiles,
  updateProfile,
  withoutProfile,
} from '../../../../electron/core/accounts/profiles';
import { confStoreFactory, openDocument } from '../../../../electron/core/storage/persistence';
import { createSecretStore } from '../../../../electron/core/secrets/secret-store';

const defaults = { baseUrl: 'https://api.bytio.com', label: 'My account' };
let n = 0;
const ids = () => `00000000-0000-4000-8000-00000000000${(n += 1)}`;

describe('profiles', () => {
  it('adds the first key as an account of its own with a new id, the default URL and the first colour', () => {
    const { settings, profile, created } = profileForKey(Settings.parse({}), undefined, {}, defaults, ids);
    expect(created).toBe(true);
    expect(profile.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(profile).toMatchObject({ label: 'My account', baseUrl: 'https://api.bytio.com', color: ACCOUNT_COLORS[0] });
    expect(settings.profiles).toEqual([profile]);
  });

  it('adds a key without an account named as another account after the others, with the next free colour', () => {
    const first = profileForKey(Settings.parse({}), undefined, {}, defaults, ids);
    const second = profileForKey(first.settings, undefined, { label: 'Client B', baseUrl: 'https://eu.bytio.com' }, defaults, ids);
    expect(second.created).toBe(true);
    expect(second.profile.id).not.toBe(first.profile.id);
    expect(second.profile).toMatchObject({ label: 'Client B', baseUrl: 'https://eu.bytio.com', color: ACCOUNT_COLORS[1] });
    expect(second.settings.profiles.map((p) => p.id)).toEqual([first.profile.id, second.profile.id]);
    expect(profileForKey(second.settings, undefined, {}, defaults, ids).profile.label).toBe('Account 3');
  });

  it('keeps the same account when its key is replaced, so history stays with it', () => {
    const first = profileForKey(Settings.parse({}), undefined, {}, defaults, ids);
    const second = profileForKey(first.settings, first.profile.id, { label: 'Renamed' }, defaults, ids);
    expect(second.created).toBe(false);
    expect(second.profile.id).toBe(first.profile.id);
    expect(second.settings.profiles).toHaveLength(1);
    expect(second.profile).toMatchObject({ label: 'Renamed', color: first.profile.color, baseUrl: first.profile.baseUrl });
  });

  it('refuses a key for an account that is not there', () => {
    expect(() => profileForKey(Settings.parse({}), 'no-such-account', {}, defaults, ids)).toThrow();
  });

  it('gives a real key its own account when the demo is watched', () => {
    const settings = Settings.parse({ version: 4, watchDemo: true });
    expect(settings.watchDemo).toBe(true);
    const { profile, created } = profileForKey(settings, undefined, {}, defaults, ids);
    expect(created).toBe(true);
    expect(profile.id).not.toBe('demo');
    expect(demoProfile('http://127.0.0.1:8787')).toMatchObject({ id: 'demo', label: 'Demo account', color: 'grey' });
  });

  it('picks the first colour no account wears, and cycles once every colour is worn', () => {
    const wearing = (...colors: string[]) =>
      Settings.parse({ profiles: colors.map((color, i) => ({ id: `p${i}`, label: `P${i}`, baseUrl: 'https://api.bytio.com', color })) });
    expect(nextAccountColor(Settings.parse({}))).toBe('blue');
    expect(nextAccountColor(wearing('blue', 'orange'))).toBe('green');
    expect(nextAccountColor(wearing('green'))).toBe('blue');
    expect(nextAccountColor(wearing(...ACCOUNT_COLORS))).toBe(ACCOUNT_COLORS[0]);
    expect(nextAccountColor(wearing(...ACCOUNT_COLORS, 'blue'))).toBe(ACCOUNT_COLORS[1]);
  });

  it('asks for the key again when the base-URL host changes, not when only the path does', () => {
    expect(baseUrlHostChanged('https://api.bytio.com', 'https://api.other.example')).toBe(true);
    expect(baseUrlHostChanged('http://127.0.0.1:8787', 'http://127.0.0.1:9999')).toBe(true);
    expect(baseUrlHostChanged('https://api.bytio.com', 'https://API.bytio.com/')).toBe(false);
    const { settings, profile } = profileForKey(Settings.parse({}), undefined, {}, defaults, ids);
    expect(updateProfile(settings, profile.id, { baseUrl: 'https://eu.bytio.com' }).keyRequired).toBe(true);
    expect(updateProfile(settings, profile.id, { label: 'Work' }).keyRequired).toBe(false);
    expect(updateProfile(settings, profile.id, { label: 'Work', baseUrl: undefined }).profile.baseUrl).toBe('https://api.bytio.com');
  });

  it('names documents per profile and refuses ids that could escape the store folder', () => {
    expect(profileDocumentNames('demo')).toEqual([
      'profile-demo-snapshot',
      'profile-demo-history',
      'profile-demo-billing',
      'profile-demo-alert-memory',
      'profile-demo-notifications',
      'profile-demo-spend-stop',
      'profile-demo-caps',
      'profile-demo-account-cap',
      'profile-demo-journal',
      'profile-demo-off-days',
    ]);
    expect(() => profileDocumentName('snapshot', '../settings')).toThrow();
  });

  it('puts accounts in the order given, keeps any not named after them, and ignores unknown ids', () => {
    const settings = Settings.parse({
      profiles: ['a', 'b', 'c', 'd'].map((id) => ({ id, label: id.toUpperCase(), baseUrl: 'https://api.bytio.com' })),
    });
    const order = (s: Settings) => s.profiles.map((p) => p.id);
    expect(order(reorderProfiles(settings, ['c', 'a', 'b', 'd']))).toEqual(['c', 'a', 'b', 'd']);
    expect(order(reorderProfiles(settings, ['d', 'b']))).toEqual(['d', 'b', 'a', 'c']);
    expect(order(reorderProfiles(settings, ['demo', 'b', 'gone', 'b']))).toEqual(['b', 'a', 'c', 'd']);
    expect(reorderProfiles(settings, ['b', 'a']).profiles[0]).toEqual(settings.profiles[1]);
  });

  it('drops only the removed account and leaves the others, their order and the demo choice as they were', () => {
    const settings = Settings.parse({
      version: 4,
      watchDemo: true,
      profiles: ['a', 'b', 'c'].map((id) => ({ id, label: id.toUpperCase(), baseUrl: 'https://api.bytio.com' })),
    });
    const next = withoutProfile(settings, 'b');
    expect(next.profiles.map((p) => p.id)).toEqual(['a', 'c']);
    expect(next.profiles[1]).toEqual(settings.profiles[2]);
    expect(next.watchDemo).toBe(true);
    expect(withoutProfile(next, 'no-such-account')).toEqual(next);
  });

  it('erases the key and every document of a removed account, and nothing of another', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zw-profiles-'));
    try {
      const factory = confStoreFactory(dir);
      const secrets = createSecretStore({});
      for (const id of ['gone', 'kept']) {
        await secrets.write(id, `key-of-${id}`);
        for (const name of profileDocumentNames(id)) openDocument(factory, name, z.object({ v: z.number() }), { v: 0 }, undefined, { now: () => Date.now(), onSetAside: () => undefined }).set({ v: 1 });
      }
      fs.writeFileSync(path.join(dir, 'profile-gone-history.json.corrupt-2026-01-01T00-00-00.000Z'), '{');
      await eraseProfileData('gone', { secrets, factory });
      expect(await secrets.read('gone')).toBeNull();
      expect(await secrets.read('kept')).toBe('key-of-kept');
      expect(fs.readdirSync(dir).sort()).toEqual(profileDocumentNames('kept').map((name) => `${name}.json`).sort());
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
