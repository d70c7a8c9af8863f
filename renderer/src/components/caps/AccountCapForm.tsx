import { useId, useState } from 'react';
import type { AccountCapState } from '../../../../shared/caps';
import { formatBilled } from '../../../../shared/money';
import { useCapsStore } from '../../stores/caps-store';
import { TimeText } from '../TimeText';
import { CapsRefusal } from './CapsRefusal';

const dollars = (cents: number | null) => (cents === null ? '' : String(cents / 100));

/** Dollars typed in a box as cents; empty is none; anything else is a problem. */
export function centsFrom(text: string): number | null | 'bad' {
  if (!text.trim()) return null;
  const value = Number(text);
  return Number.isFinite(value) && value >= 1 && value <= 1e8 ? Math.round(value * 100) : 'bad';
}

/**
 * The account cap Zonewatch enforces (docs/desktop.md › Caps › Account cap). The form says plainly
 * that it holds only while Zonewatch runs, and that zone caps on the service are what holds when it does not.
 */
export function AccountCapForm({ id, state }: { id?: string; state: AccountCapState }) {
  const busy = useCapsStore((s) => s.busy);
  const setAccountCap = useCapsStore((s) => s.setAccountCap);
  const rule = state.rule;
  const [daily, setDaily] = useState(dollars(rule?.dailyCents ?? null));
  const [monthly, setMonthly] = useState(dollars(rule?.monthlyCents ?? null));
  const [restore, setRestore] = useState(rule?.restoreNextPeriod ?? false);
  const [problem, setProblem] = useState<string | null>(null);
  const ids = { daily: useId(), monthly: useId(), note: useId() };

  const save = () => {
    const dailyCents = centsFrom(daily);
    const monthlyCents = centsFrom(monthly);
    if (dailyCents === 'bad' || monthlyCents === 'bad') return setProblem('Amounts are dollars from 1 to 1,000,000, or empty.');
    if (dailyCents === null && monthlyCents === null) return setProblem('Give a daily or a monthly amount, or turn the account cap off.');
    setProblem(null);
    void setAccountCap({ dailyCents, monthlyCents, restoreNextPeriod: restore });
  };

  return (
    <form
      id={id}
      className="caps-panel"
      aria-label="Account cap"
      aria-describedby={ids.note}
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
    >
      <h2>Account cap</h2>
      <p id={ids.note} className="notice" role="note">
        Zonewatch runs “Stop all spend” for this account when spend passes these amounts, once per UTC day or month. This works only while Zonewatch runs: when it does not (the computer asleep or off), only zone caps on the service hold.
      </p>
      <p role="status" aria-label="Account cap state">
        {rule === null
          ? 'Off.'
          : `On: ${[rule.dailyCents !== null ? `${formatBilled(rule.dailyCents)} a day` : null, rule.monthlyCents !== null ? `${formatBilled(rule.monthlyCents)} a month` : null].filter(Boolean).join(' or ')}${rule.restoreNextPeriod ? ', restored when the next UTC day or month begins' : ''}.`}
        {state.last && (
          <span className="muted small">
            {' '}
            Last: {state.last.text} (<TimeText at={state.last.at} />)
          </span>
        )}
      </p>
      <label htmlFor={ids.daily}>Stop all spend when spend today passes ($)</label>
      <input id={ids.daily} inputMode="decimal" value={daily} onChange={(e) => setDaily(e.target.value)} />
      <label htmlFor={ids.monthly}>…or when spend this month passes ($)</label>
      <input id={ids.monthly} inputMode="decimal" value={monthly} onChange={(e) => setMonthly(e.target.value)} />
      <label className="check">
        <input type="checkbox" checked={restore} onChange={(e) => setRestore(e.target.checked)} /> Restore the stopped zones when the next UTC day (month) begins
      </label>
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
      <div className="actions">
        <button type="submit" className="primary" disabled={busy !== null}>
          {rule === null ? 'Turn on' : 'Save'}
        </button>
        {rule !== null && (
          <button type="button" disabled={busy !== null} onClick={() => void setAccountCap(null)}>
            Turn off
          </button>
        )}
      </div>
      <CapsRefusal at="accountCap" />
    </form>
  );
}
