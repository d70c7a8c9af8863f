import { describe, it, expect } from 'vitest';
import { isOpenableExternalUrl } from '../../../electron/main/external-url';

describe('isOpenableExternalUrl', () => {
  it('opens https pages and http only on loopback (the demo service)', () => {
    expect(isOpenableExternalUrl('https://dashboard.bytio.com/billing')).toBe(true);
    expect(isOpenableExternalUrl('http://127.0.0.1:8787/invoices/1.pdf')).toBe(true);
    expect(isOpenableExternalUrl('http://example.com/')).toBe(false);
  });

  it('never hands other schemes or credentials to the OS', () => {
    for (const url of ['file:///etc/passwd', 'smb://host/share', 'javascript:alert(1)', 'ms-settings:', 'https://user:pw@example.com/', 'not a url']) {
      expect(isOpenableExternalUrl(url)).toBe(false);
    }
  });
});
