import { afterEach, describe, expect, it, vi } from 'vitest';
import { openLink } from '../../../../renderer/src/web/bridge-api';

// docs/architecture.md › The browser shell: in the user's own app the page opens the links the
// core opened, in a new tab that learns nothing of this page, and only https ones.
describe('a link the core opens, in the browser shell', () => {
  afterEach(() => vi.restoreAllMocks());

  it('opens an https link in a new tab without a way back to this page', () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    openLink('https://example.com/invoices/1.pdf');
    expect(open).toHaveBeenCalledWith('https://example.com/invoices/1.pdf', '_blank', 'noopener,noreferrer');
  });

  it('opens nothing else', () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    for (const url of ['javascript:alert(1)', 'http://example.com/', 'file:///etc/passwd', 'not a url']) openLink(url);
    expect(open).not.toHaveBeenCalled();
  });
});
