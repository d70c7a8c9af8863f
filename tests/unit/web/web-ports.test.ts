import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bridgePorts } from '../../../electron/web/web-ports';

describe('the browser shell ports', () => {
  it('report the version in package.json, as the desktop app does with app.getVersion()', () => {
    const { version } = JSON.parse(readFileSync(join(import.meta.dirname, '../../../package.json'), 'utf8')) as { version: string };
    expect(bridgePorts(() => undefined).ports.appInfo).toMatchObject({ version, shell: 'web' });
  });
});
