import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { type CalendarCell, type CalendarMonth, COVERAGE_MARK, dayText, movedDay, WEEKDAYS } from '../../model/ledger-calendar';
import { monthText } from '../../model/time-text';

type Props = {
  month: CalendarMonth;
  /** The day the keyboard is on (roving focus), in this month or not. */
  active: string;
  selected: string | null;
  /** Days on which some zone broke its weekday pattern (docs/desktop.md › Unusual days). */
  unusual?: ReadonlySet<string>;
  onActive(day: string): void;
  onChoose(day: string): void;
};

/**
 * A month of UTC days as a grid of buttons, each coloured by the day's spend: one button is in the
 * tab order at a time and the arrow keys, Home/End and Page Up/Down move it (a date picker's
 * keys). Hover or focus names the day's value and how exact it is under the grid; Enter or a click
 * chooses the day.
 */
export function SpendCalendar({ month, active, selected, unusual, onActive, onChoose }: Props) {
  const grid = useRef<HTMLTableElement>(null);
  const infoId = useId();
  const [shown, setShown] = useState<CalendarCell | null>(null);
  const focusWanted = useRef(false);
  const cells = month.weeks.flat().filter((c): c is CalendarCell => c !== null);
  const tabStop = cells.some((c) => c.day === active) ? active : (cells.at(-1)?.day ?? active);

  useEffect(() => {
    if (!focusWanted.current) return;
    focusWanted.current = false;
    grid.current?.querySelector<HTMLButtonElement>(`[data-day="${active}"]`)?.focus();
  }, [active, month.month]);

  const onKey = (event: KeyboardEvent, day: string) => {
    const next = movedDay(day, event.key);
    if (next === null) return;
    event.preventDefault();
    focusWanted.current = true;
    onActive(next);
  };
  const info = shown ?? cells.find((c) => c.day === selected) ?? null;

  return (
    <div className="calendar" onMouseLeave={() => setShown(null)}>
      <table ref={grid} className="calendar-grid" aria-label={`${monthText(month.month)}, UTC days: spend per day`} aria-describedby={infoId}>
        <thead>
          <tr>
            {WEEKDAYS.map((name) => (
              <th key={name} scope="col" abbr={name}>
                {name.slice(0, 2)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {month.weeks.map((week, index) => (
            <tr key={index}>
              {week.map((cell, column) =>
                cell === null ? (
                  <td key={`pad-${column}`} />
                ) : (
                  <td key={cell.day}>
                    <button
                      type="button"
                      data-day={cell.day}
                      className={`day level-${cell.level} cov-${cell.data?.coverage ?? 'none'}${unusual?.has(cell.day) ? ' unusual' : ''}`}
                      tabIndex={cell.day === tabStop ? 0 : -1}
                      aria-label={unusual?.has(cell.day) ? `${dayText(cell)}; unusual spend` : dayText(cell)}
                      aria-pressed={cell.day === selected}
                      aria-disabled={cell.data === null ? true : undefined}
                      onClick={() => cell.data !== null && onChoose(cell.day)}
                      onKeyDown={(event) => onKey(event, cell.day)}
                      onFocus={() => {
                        setShown(cell);
                        if (cell.day !== active) onActive(cell.day);
                      }}
                      onBlur={() => setShown(null)}
                      onMouseEnter={() => setShown(cell)}
                    >
                      <span className="dom">{cell.dom}</span>
                      <span className="mark" aria-hidden="true">
                        {COVERAGE_MARK[cell.data?.coverage ?? 'exact']}
                        {unusual?.has(cell.day) ? '!' : ''}
                      </span>
                    </button>
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
      <p id={infoId} className="calendar-info small">
        {info ? dayText(info) : 'Point at a day, or move to it with the arrow keys; choose it to see its zones.'}
      </p>
    </div>
  );
}
