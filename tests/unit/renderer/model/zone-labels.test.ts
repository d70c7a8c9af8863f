import { describe, expect, it } from 'vitest';
import { ALERT_ACTIONS, ALERT_TYPES, PROVISIONING_STATUSES } from '../../../../shared/api/zone';
import {
  alertActionLabel,
  alertSummary,
  alertTypeLabel,
  BILLING_METHOD_LABEL,
  NETWORK_LABEL,
  provisioningLabel,
} from '../../../../renderer/src/model/zone-labels';

describe('zone labels', () => {
  it('name networks and billing methods in sentence case', () => {
    expect(NETWORK_LABEL.residential).toBe('Residential');
    expect(BILLING_METHOD_LABEL.per_gigabyte).toBe('Per GB');
  });

  it('name every known alert type, action and provisioning status without underscores', () => {
    const labels = [...ALERT_TYPES.map(alertTypeLabel), ...ALERT_ACTIONS.map(alertActionLabel), ...PROVISIONING_STATUSES.map(provisioningLabel)];
    for (const label of labels) expect(label).toMatch(/^[A-Z][^_]*$/);
  });

  it('show a value the service adds later in a readable form', () => {
    expect(alertTypeLabel('requests_per_hour')).toBe('Requests per hour');
    expect(alertActionLabel('page_on_call')).toBe('Page on call');
    expect(provisioningLabel('under_review')).toBe('Under review');
  });

  it('do not mistake inherited object keys for known values', () => {
    expect(provisioningLabel('toString')).toBe('ToString');
  });

  it('summarise an alert as one sentence', () => {
    expect(alertSummary({ type: 'gigabytes_per_day', threshold: 42, action: 'send_notification' })).toBe('GB per day over 42, then notify the admins');
    expect(alertSummary({ type: 'bytes_per_week', threshold: 5, action: 'throttle_zone' })).toBe('Bytes per week over 5, then throttle zone');
  });
});
