import { describe, it, expect } from 'vitest';
import { raisedAttention } from '../../../../electron/core/readout/attention';

const shown = { shown: true } as const;

describe('raisedAttention', () => {
  it('marks the tray with a notification shown while the window was closed', () => {
    expect(raisedAttention(null, { ...shown, severity: 'warning' }, false)).toBe('warning');
    expect(raisedAttention('warning', { ...shown, severity: 'critical' }, false)).toBe('critical');
  });

  it('keeps an unseen critical alert when a milder notification follows', () => {
    expect(raisedAttention('critical', { ...shown, severity: 'warning' }, false)).toBe('critical');
    expect(raisedAttention('warning', { ...shown, severity: 'info' }, false)).toBe('warning');
  });

  it('ignores a notification the user saw in the open window, or one kept silent', () => {
    expect(raisedAttention(null, { ...shown, severity: 'critical' }, true)).toBeNull();
    expect(raisedAttention('info', { shown: false, severity: 'critical' }, false)).toBe('info');
  });
});
