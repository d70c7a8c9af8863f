import type { AccountWatch } from '../watch/account-watch-api';
import type { AccountPeriodInput } from './period-summary';

/**
 * What an account gives the period summary (docs/architecture.md › Digest): read alike by the
 * digest's notification and History's Summary, one account's or all accounts'.
 */
export function accountPeriodInput(account: Pick<AccountWatch, 'profile' | 'zoneHistory' | 'anomalies' | 'monthEnd' | 'published'>): AccountPeriodInput {
  return { label: account.profile().label, months: account.zoneHistory.ledger.months(), anomalies: account.anomalies(), monthEnd: account.monthEnd().account, runwayHours: account.published().figures.runwayHours };
}
