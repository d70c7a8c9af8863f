import { useEffect, useMemo, useState } from 'react';
import { formatBilled } from '../../../shared/money';
import { isUnusual } from '../../../shared/anomalies';
import { AnomalyList } from '../components/history/AnomalyList';
import { DayZones } from '../components/history/DayZones';
import { PeriodSummaryCard } from '../components/history/PeriodSummaryCard';
import { SpendCalendar } from '../components/history/SpendCalendar';
import { ErrorNotice } from '../components/ErrorNotice';
import { Loading } from '../components/Loading';
import { TimeText } from '../components/TimeText';
import { calendarMonth, calendarMonthKeys, colourScale, LEVELS, utcDayShortText } from '../model/ledger-calendar';
import { monthText } from '../model/time-text';
import { useAccountsStore } from '../stores/accounts-store';
import { useLedgerStore } from '../stores/ledger-store';
import { useSnapshotStore } from '../stores/snapshot-store';

/**
 * The account's daily ledger (docs/desktop.md › History): a calendar of spend per UTC day, month by
 * month, and the zones of the day chosen. Read from the cache, so it works offline and says how old it is.
 */
export function HistoryView({ now, offline }: { now: number; offline: boolean }) {
  const { calendar, error, anomalies, selected, dayView, dayError, exportNote, load, selectDay, exportCsv, exportAllCsv } = useLedgerStore();
  const fetchedAt = useSnapshotStore((s) => s.snapshot?.zonesFetch.fetchedAt ?? null);
  const accounts = useAccountsStore((s) => s.overview?.accounts.length ?? 1);
  const today = new Date(now).toISOString().slice(0, 10);
  const [active, setActive] = useState(today);

  // The ledger has no push event: it is read again after each update, as the charts are.
  useEffect(() => {
    void load();
  }, [load, fetchedAt]);

  const months = useMemo(() => calendarMonthKeys(calendar?.days ?? [], today), [calendar, today]);
  const scale = useMemo(() => colourScale(calendar?.days ?? []), [calendar]);
  const unusual = useMemo(() => new Set((anomalies ?? []).filter(isUnusual).map((a) => a.day)), [anomalies]);
  const activeMonth = months.includes(active.slice(0, 7)) ? active.slice(0, 7) : months.at(-1)!;
  const month = useMemo(() => calendarMonth(activeMonth, calendar?.days ?? [], calendar?.before ?? [], scale), [activeMonth, calendar, scale]);
  const index = months.indexOf(activeMonth);
  const moveTo = (day: string) => {
    const key = day.slice(0, 7);
    if (key < months[0]! || key > months.at(-1)!) return;
    setActive(day);
  };
  const stepMonth = (step: number) => {
    const key = months[index + step];
    if (key) setActive(`${key}-01`);
  };

  if (error && !calendar) return <ErrorNotice what="Could not read the daily history" error={error} onRetry={() => void load()} />;
  if (!calendar) return <Loading what="the daily history" />;

  return (
    <section aria-labelledby="history-title" className="history">
      <h1 id="history-title">History</h1>
      <p className="muted small">
        Spend per UTC day, for each zone Zonewatch reads.{' '}
        {calendar.lastReadingAt ? (
          <>
            {offline ? 'Offline: as of ' : 'As of '}
            <TimeText at={calendar.lastReadingAt} mode="ago" now={now} />.
          </>
        ) : (
          'It starts with the next update.'
        )}
      </p>
      {calendar.days.length === 0 ? (
        <p className="empty">No daily history yet: it starts from Zonewatch's first update of this account and grows every day it runs.</p>
      ) : (
        <>
          <div className="month-nav">
            <button type="button" onClick={() => stepMonth(-1)} disabled={index <= 0} aria-label="Previous month">
              ‹
            </button>
            <h2 aria-live="polite">{monthText(activeMonth)}</h2>
            <button type="button" onClick={() => stepMonth(1)} disabled={index >= months.length - 1} aria-label="Next month">
              ›
            </button>
          </div>
          <p className="month-total small">
            <span className="num">{formatBilled(month.totalCents)}</span> this month in the history
            {month.estimatedDays > 0 && `, ${month.estimatedDays} ${month.estimatedDays === 1 ? 'day' : 'days'} estimated (≈)`}.
            {month.before && ` Includes ${formatBilled(month.before.spendCents)} spent before ${utcDayShortText(month.before.firstDay)}, not split by day.`}
          </p>
          <SpendCalendar month={month} active={active} selected={selected} unusual={unusual} onActive={moveTo} onChoose={(day) => void selectDay(day)} />
          <p className="calendar-legend small muted" aria-hidden="true">
            Less <span className="swatches">{Array.from({ length: LEVELS + 1 }, (_, level) => <span key={level} className={`day level-${level}`} />)}</span> more · ≈ estimated · … so far · ! unusual
          </p>
          {selected && <DayZones day={selected} view={dayView} error={dayError} />}
          {anomalies && (
            <section aria-labelledby="unusual-title">
              <h2 id="unusual-title">Unusual days</h2>
              <AnomalyList
                anomalies={anomalies}
                onChoose={(day) => {
                  moveTo(day);
                  void selectDay(day);
                }}
              />
            </section>
          )}
          <PeriodSummaryCard today={today} />
        </>
      )}
      <div className="actions">
        <button type="button" onClick={() => void exportCsv()}>
          Export daily history (CSV)
        </button>
        {accounts > 1 && (
          <button type="button" onClick={() => void exportAllCsv()}>
            Export all accounts (CSV)
          </button>
        )}
        {exportNote && (
          <span className="muted" role="status">
            {exportNote}
          </span>
        )}
      </div>
    </section>
  );
}
