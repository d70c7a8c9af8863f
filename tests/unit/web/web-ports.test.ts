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

describe('links and secrets in the browser shell', () => {
  it('opens a link from the page in the user’s own app, and only records it in a preview', async () => {
    const sent: [string, unknown][] = [];
    const own = bridgePorts((event, payload) => sent.push([event, payload]), false, { linksOpenInPage: true });
    await own.ports.shell.openExternal('https://example.com/invoice.pdf');
    expect(sent).toEqual([['bridge:open', { url: 'https://example.com/invoice.pdf' }]]);

    const preview = bridgePorts((event, payload) => sent.push([event, payload]));
    await preview.ports.shell.openExternal('https://example.com/receipt.pdf');
    expect(preview.record.openedExternal).toEqual(['https://example.com/receipt.pdf']);
    expect(sent).toHaveLength(1);
  });

  it('refuses to put a secret on the clipboard, since only the page could copy it', () => {
    expect(bridgePorts(() => undefined).ports.clipboard.secretsRefused).toMatch(/API key/);
  });
});
