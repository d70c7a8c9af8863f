import { describe, expect, it } from 'vitest';
import { AccountInfo } from '../../../shared/api/account';
import { formatIssues } from '../../../shared/api/issues';
import { sampleAccountInfo } from '../../fixtures/api-samples';

function issuesOf(value: unknown) {
  const result = AccountInfo.safeParse(value);
  return result.success ? [] : formatIssues(result.error);
}

describe('AccountInfo', () => {
  it('parses the sample account', () => {
    expect(AccountInfo.parse(sampleAccountInfo()).billing.balance.amount_total_cents).toBe(5067.891);
  });

  it('accepts an account before KYC, after the trial, with no picture and no api_key', () => {
    const account = sampleAccountInfo();
    const { api_key: _key, picture: _picture, ...user } = account.user;
    const { trial_amount_cents: _trial, trial_expires_on: _expires, ...balance } = account.billing.balance;
    const parsed = AccountInfo.parse({
      ...account,
      user,
      kyc: { completed_on: null },
      billing: { ...account.billing, balance },
    });
    expect(parsed.user.picture).toBeNull();
    expect(parsed.user).not.toHaveProperty('api_key');
    expect(parsed.kyc.completed_on).toBeNull();
    expect(parsed.billing.balance.trial_amount_cents).toBeNull();
    expect(parsed.billing.balance.trial_expires_on).toBeNull();
  });

  it('accepts a zipcode as a number or a string, but nothing else', () => {
    const account = sampleAccountInfo();
    const withZip = (zipcode: unknown) => ({ ...account, billing: { ...account.billing, address: { ...account.billing.address, zipcode } } });
    expect(issuesOf(withZip('SW1A 1AA'))).toEqual([]);
    expect(issuesOf(withZip(null))[0]?.path).toBe('billing.address.zipcode');
  });

  it('accepts a pending downgrade with its fields and an unknown billing status', () => {
    const account = sampleAccountInfo();
    const billing = {
      ...account.billing,
      status: 'pending_downgrade_plan',
      pending_downgrade_plan_date: '2026-12-01T00:00:00Z',
      pending_downgrade_plan_id: 'payg',
    };
    expect(issuesOf({ ...account, billing })).toEqual([]);
    expect(issuesOf({ ...account, billing: { ...account.billing, status: 'suspended' } })).toEqual([]);
  });

  it('rejects a wrong type, naming the field', () => {
    const account = sampleAccountInfo();
    const spend = { ...account.billing.spend, minimum_monthly_spend_met: 'yes' };
    expect(issuesOf({ ...account, billing: { ...account.billing, spend } })[0]?.path).toBe('billing.spend.minimum_monthly_spend_met');
  });
});
