import { useId, useMemo, useState } from 'react';
import { type Anomaly, type AnomalyCauseKind, impactText } from '../../../../shared/anomalies';
import { formatBilled } from '../../../../shared/money';
import { utcDayShortText } from '../../model/ledger-calendar';

const CAUSE_LABEL: Record<AnomalyCauseKind, string> = {
  gigabytes: 'Gigabytes',
  connections: 'Billed connections',
  reserved_ips: 'Reserved IPs',
  price: 'Price or plan',
  unknown: 'Not known',
  turned_off: 'Turned off',
};

type Props = {
  anomalies: readonly Anomaly[];
  /** Choosing a row shows that day's zones; none: rows are not buttons (a zone's trend). */
  onChoose?: (day: string) => void;
  /** Offer the zone filter (History); a zone's trend lists one zone only. */
  zoneFilter?: boolean;
};

/**
 * The days that broke their zone's weekday pattern (docs/desktop.md › Unusual days), newest first,
 * each with its impact and its cause in words; filters by direction, cause and zone.
 */
export function AnomalyList({ anomalies, onChoose, zoneFilter = true }: Props) {
  const uid = useId();
  const [direction, setDirection] = useState<'all' | Anomaly['direction']>('all');
  const [cause, setCause] = useState<'all' | AnomalyCauseKind>('all');
  const [zone, setZone] = useState('all');
  const zones = useMemo(() => [...new Map(anomalies.map((a) => [a.zoneId, a.name ?? a.zoneId])).entries()].sort((a, b) => a[1].localeCompare(b[1])), [anomalies]);
  const shown = anomalies.filter((a) => (direction === 'all' || a.direction === direction) && (cause === 'all' || a.cause === cause) && (zone === 'all' || a.zoneId === zone));
  if (anomalies.length === 0) return <p className="muted small">No unusual days: every judged day was within its zone’s usual band for its weekday.</p>;
  return (
    <div className="anomalies">
      <div className="filters small">
        <label htmlFor={`${uid}-dir`}>Spend</label>
        <select id={`${uid}-dir`} value={direction} onChange={(e) => setDirection(e.target.value as typeof direction)}>
          <option value="all">Above or below usual</option>
          <option value="above">Above usual</option>
          <option value="below">Below usual</option>
        </select>
        <label htmlFor={`${uid}-cause`}>What moved</label>
        <select id={`${uid}-cause`} value={cause} onChange={(e) => setCause(e.target.value as typeof cause)}>
          <option value="all">Anything</option>
          {Object.entries(CAUSE_LABEL).map(([kind, label]) => (
            <option key={kind} value={kind}>
              {label}
            </option>
          ))}
        </select>
        {zoneFilter && zones.length > 1 && (
          <>
            <label htmlFor={`${uid}-zone`}>Zone</label>
            <select id={`${uid}-zone`} value={zone} onChange={(e) => setZone(e.target.value)}>
              <option value="all">Every zone</option>
              {zones.map(([id, name]) => (
                <option key={id} value={id}>
                  {name}
                </option>
              ))}
            </select>
          </>
        )}
      </div>
      <p className="muted small" role="status">
        {shown.length} of {anomalies.length} unusual {anomalies.length === 1 ? 'day' : 'days'}
      </p>
      <ul className="anomaly-list">
        {shown.map((a) => {
          const text = (
            <>
              <span className="num">{utcDayShortText(a.day)}</span> {a.words}: <span className="num">{formatBilled(a.spendCents)}</span> against a usual <span className="num">{formatBilled(a.usualCents)}</span>,{' '}
              <span className="num">{impactText(a)}</span>
              {a.early && ' so far'}
            </>
          );
          return <li key={`${a.zoneId} ${a.day}`}>{onChoose ? <button type="button" className="link" onClick={() => onChoose(a.day)}>{text}</button> : text}</li>;
        })}
      </ul>
    </div>
  );
}
