import type { Period } from '../../../shared/digest';
import type { AccountWatch } from '../watch/account-watch-api';
import type { AccountPeriodInput } from './period-summary';

/**
 * What an account gives the period summary (docs/architecture.md › Digest): read alike by the
 * digest's notification and History's Summary, one account's or all accounts'. The period's spend
 * comes from the ledger's query; the anomalies and the month-end forecast are the watch's last
 * results (docs/architecture.md › The daily ledger › Queries). Rejects with plain words when the
 * ledger did not answer.
 */
export async function accountPeriodInput(account: Pick<AccountWatch, 'profile' | 'zoneHistory' | 'anomalies' | 'monthEnd' | 'published'>, period: Period): Promise<AccountPeriodInput> {
  const [spend, anomalies] = await Promise.all([account.zoneHistory.queries.query('periodSpend', { period }), account.anomalies()]);
  return { label: account.profile().label, spend, anomalies, monthEnd: account.monthEnd().account, runwayHours: account.published().figures.runwayHours };
}
