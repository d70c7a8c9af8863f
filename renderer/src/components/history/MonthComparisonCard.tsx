import { useEffect, useState } from 'react';
import type { MonthComparison } from '../../../../shared/ledger';
import { comparisonText } from '../../model/month-comparison';
import { callForSelectedAccount } from '../../stores/account-call';
import { api } from '../../zonewatch-api';

/**
 * Overview's "this month against last month to the same day" (docs/desktop.md › History): it counts
 * whole UTC days, so it is read again when `readDay` moves (shared/ledger.ts › ledgerReadDay) or
 * the account changes, not on every update.
 */
export function MonthComparisonCard({ readDay }: { readDay: string | null }) {
  const [comparison, setComparison] = useState<MonthComparison | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void callForSelectedAccount((profileId) => api().history.compare({ profileId })).then((res) => {
      if (!live || !res) return;
      if (res.ok) {
        setComparison(res.value);
        setFailed(null);
      } else setFailed(res.error.message);
    });
    return () => {
      live = false;
    };
  }, [readDay]);
  const text = comparison ? comparisonText(comparison) : null;
  return (
    <div className="card">
      <dt>This month vs last</dt>
      <dd className="big">{text?.headline ?? '—'}</dd>
      {(text?.detail ?? [failed ?? 'Reading the daily history…']).map((line) => (
        <dd key={line} className="muted">
          {line}
        </dd>
      ))}
    </div>
  );
}
