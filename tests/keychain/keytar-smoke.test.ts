import { describe, it, expect } from 'vitest';
import keytar from 'keytar';
import { randomUUID } from 'node:crypto';

// Runs only inside scripts/with-keyring.sh (a private D-Bus session with gnome-keyring).
describe('keytar against a real Secret Service', () => {
  it('round-trips a secret and forgets it after deletion', async () => {
    expect(process.env.ZW_KEYRING_AVAILABLE).toBe('1');
    const account = `smoke-${randomUUID()}`;
    await keytar.setPassword('Zonewatch-test', account, 's3cret-value');
    expect(await keytar.getPassword('Zonewatch-test', account)).toBe('s3cret-value');
    expect(await keytar.deletePassword('Zonewatch-test', account)).toBe(true);
    expect(await keytar.getPassword('Zonewatch-test', account)).toBeNull();
  });
});
