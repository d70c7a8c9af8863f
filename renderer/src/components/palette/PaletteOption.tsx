import { memo } from 'react';
import type { PaletteItem } from '../../model/palette-items';
import { AccountSwatch } from '../AccountSwatch';

type Props = {
  id: string;
  item: PaletteItem;
  active: boolean;
  busy: boolean;
  top: number;
  index: number;
  measure: (element: Element | null) => void;
  onPick: (index: number) => void;
};

const KIND: Record<PaletteItem['kind'], string> = { zone: 'Zone', zoneAction: 'Action', account: 'Account', view: 'View', app: 'App' };

/**
 * One row of the palette's listbox: the account (colour and label, "demo" for the demo), the zone's
 * or action's name, its state and spend today, and why it cannot be done now when it cannot.
 */
export const PaletteOption = memo(function PaletteOption({ id, item, active, busy, top, index, measure, onPick }: Props) {
  const state = item.zone && item.kind === 'zone' ? (item.zone.enabled === true ? 'on' : item.zone.enabled === false ? 'off' : 'unknown') : null;
  return (
    <div
      id={id}
      ref={measure}
      data-index={index}
      role="option"
      aria-selected={active}
      aria-disabled={item.unavailable !== null || undefined}
      className={`palette-option${active ? ' active' : ''}`}
      style={{ transform: `translateY(${top}px)` }}
      onMouseDown={(e) => e.preventDefault()}
      onClick={() => onPick(index)}
    >
      <span className="palette-line">
        <span className="palette-kind">{KIND[item.kind]}</span>
        <span className="palette-title">{item.title}</span>
        {state && <span className={`palette-state palette-state-${state}`}>{state === 'unknown' ? 'on/off unknown' : state}</span>}
        {busy && <span className="muted small"> working…</span>}
      </span>
      <span className="palette-line muted small">
        {item.account && (
          <span className="palette-account">
            <AccountSwatch color={item.account.color} />
            {item.account.label}
            {item.account.demo && <span className="palette-demo">demo</span>}
          </span>
        )}
        <span className="palette-detail">{item.unavailable ?? item.detail}</span>
      </span>
    </div>
  );
});
