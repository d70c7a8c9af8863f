import { describe, it, expect } from 'vitest';
import { zoneToggleConfirmation } from '../../../shared/zone-toggle-confirmation';
import { zone } from '../core/readout/readout-fixtures';

describe('zoneToggleConfirmation', () => {
  it('asks before disabling a zone that has open connections, saying how many', () => {
    const ask = zoneToggleConfirmation(zone('AB12', { name: 'Scraper', enabled: true, open_connections: 1200 }), false);
    expect(ask).toMatchObject({ message: 'Disable zone “Scraper”?', confirmLabel: 'Disable zone' });
    expect(ask?.detail).toContain('1,200 open connections');
  });

  it('does not ask before disabling an idle zone or before enabling one', () => {
    expect(zoneToggleConfirmation(zone('AB12', { enabled: true, open_connections: 0 }), false)).toBeNull();
    expect(zoneToggleConfirmation(zone('AB12', { enabled: false, open_connections: 5 }), true)).toBeNull();
  });

  it('asks before disabling a zone whose connections or on/off state are unknown, saying so', () => {
    const ask = zoneToggleConfirmation(zone('AB12', { name: 'Scraper', open_connections: undefined }), false);
    expect(ask?.detail).toContain('an unknown number of open connections');
    expect(zoneToggleConfirmation(zone('AB12', { enabled: undefined, open_connections: 3 }), false)?.detail).toContain('3 open connections');
    expect(zoneToggleConfirmation(zone('AB12', { name: undefined, open_connections: 3 }), false)?.message).toBe('Disable zone “AB12”?');
  });
});
