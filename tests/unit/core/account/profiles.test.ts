import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Settings } from '../../../../shared/settings';
import {
  baseUrlHostChanged,
  demoProfile,
  eraseProfileData,
  profileDocumentName,
  profileDocumentNames,
  profileForNewKey,
  updateProfile,
  withoutProfile,
} from '../../../../electron/core/account/profiles';
import { confStoreFactory, openDocument } from '../../../../electron/core/storage/persistence';
import { createSecretStore } from '../../../../electron/core/secrets/secret-store';

const defaults = { baseUrl: 'https://api.bytio.com', label: 'My account' };
let n = 0;
const ids = () => `00000000-0000-4000-8000-00000000000${(n += 1)}`;

describe('profiles', () => {
  it('creates a profile with a new id for the first key and makes it active', () => {
    const { settings, profile, created } = profileForNewKey(Settings.parse({}), {}, defaults, ids);
    expect(created).toBe(true);
    expect(profile.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(settings.activeProfileId).toBe(profile.id);
    expect(profile.baseUrl).toBe('https://api.bytio.com');
  });

  it('keeps the same profile when the key is replaced, so history stays with it', () => {
    const first = profileForNewKey(Settings.parse({}), {}, defaults, ids);
    const second = profileForNewKey(first.settings, { label: 'Renamed' }, defaults, ids);
    expect(second.created).toBe(false);
    expect(second.profile.id).toBe(first.profile.id);
    expect(second.settings.profiles).toHaveLength(1);
    expect(second.profile.label).toBe('Renamed');
  });

  it('gives a real key its own profile when the demo is active', () => {
    const demo = demoProfile('http://127.0.0.1:8787');
    const settings = Settings.parse({ profiles: [demo], activeProfileId: 'demo' });
    const { profile, created } = profileForNewKey(settings, {}, defaults, ids);
    expect(created).toBe(true);
    expect(profile.id).not.toBe('demo');
  });

  it('asks for the key again when the base-URL host changes, not when only the path does', () => {
    expect(baseUrlHostChanged('https://api.bytio.com', 'https://api.other.example')).toBe(true);
    expect(baseUrlHostChanged('http://127.0.0.1:8787', 'http://127.0.0.1:9999')).toBe(true);
    expect(baseUrlHostChanged('https://api.bytio.com', 'https://API.bytio.com/')).toBe(false);
    const { settings, profile } = profileForNewKey(Settings.parse({}), {}, defaults, ids);
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
    ]);
    expect(() => profileDocumentName('snapshot', '../settings')).toThrow();
  });

  it('activates another real profile when the active one is dropped', () => {
    const a = profileForNewKey(Settings.parse({}), {}, defaults, ids);
    const withB = { ...a.settings, profiles: [...a.settings.profiles, { ...a.profile, id: 'b' }] };
    expect(withoutProfile(withB, a.profile.id).activeProfileId).toBe('b');
    expect(withoutProfile(a.settings, a.profile.id).activeProfileId).toBeNull();
  });

  it('erases the key and every document of a removed account, and nothing of another', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zw-profiles-'));
    try {
      const factory = confStoreFactory(dir);
      const secrets = createSecretStore({});
      for (const id of ['gone', 'kept']) {
        await secrets.write(id, `key-of-${id}`);
        for (const name of profileDocumentNames(id)) openDocument(factory, name, z.object({ v: z.number() }), { v: 0 }).set({ v: 1 });
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
