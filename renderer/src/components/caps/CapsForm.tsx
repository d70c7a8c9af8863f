import { countOf } from '../../../../shared/units';
import { memo, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { ALERT_ACTIONS, ALERT_TYPES, type AlertAction, type AlertType } from '../../../../shared/api/zone';
import { CAP_ZONES_TOO_MANY, MAX_CAP_ZONES, type CapRule, type CapZone } from '../../../../shared/caps';
import { capActionText } from '../../../../shared/caps-text';
import { useCapsStore } from '../../stores/caps-store';
import { VirtualRows } from '../VirtualRows';
import { CapsPreviewPanel } from './CapsPreviewPanel';
import { CapsRefusal } from './CapsRefusal';

type Pick = 'all' | 'network' | 'search' | 'hand';
type Kind = 'usual' | AlertType;

const HAND_ROW_ESTIMATE = 30;

const KIND_LABEL: Record<Kind, string> = {
  usual: 'A multiple of each zone’s usual daily spend',
  dollars_per_day: 'A fixed amount a day ($)',
  dollars_per_month: 'A fixed amount a month ($)',
  gigabytes_per_day: 'Gigabytes a day',
  gigabytes_per_month: 'Gigabytes a month',
};

/** The zones a pick chooses, in the view's order. */
export function pickedZones(zones: readonly CapZone[], pick: Pick, network: string, search: string, hand: ReadonlySet<string>): CapZone[] {
  if (pick === 'network') return zones.filter((z) => z.network === network);
  if (pick === 'search') {
    const needle = search.trim().toLowerCase();
    return needle ? zones.filter((z) => z.name.toLowerCase().includes(needle) || z.zoneId.toLowerCase().includes(needle)) : [];
  }
  if (pick === 'hand') return zones.filter((z) => hand.has(z.zoneId));
  return [...zones];
}

const zoneKey = (zone: CapZone) => zone.zoneId;

/** One zone of the hand-picked list: memoised, so ticking one box re-renders that row alone. */
const HandRow = memo(function HandRow({ zone, checked, onToggle }: { zone: CapZone; checked: boolean; onToggle: (zoneId: string) => void }) {
  return (
    <label className="check">
      <input type="checkbox" checked={checked} onChange={() => onToggle(zone.zoneId)} /> {zone.name}
    </label>
  );
});

/** The rule the form describes, or what is wrong with it. */
export function ruleFrom(kind: Kind, amount: string, floor: string, action: AlertAction): CapRule | { problem: string } {
  const value = Number(amount);
  if (!amount.trim() || !Number.isFinite(value)) return { problem: 'Enter a number.' };
  if (kind === 'usual') {
    const floorDollars = Number(floor);
    if (value < 1 || value > 100) return { problem: 'The multiple must be from 1 to 100.' };
    if (!Number.isInteger(floorDollars) || floorDollars < 1) return { problem: 'The floor must be a whole number of dollars, at least 1.' };
    return { kind: 'usual', multiple: value, floorDollars, action };
  }
  if (value < 1 || value > 1_000_000) return { problem: 'A cap must be from 1 to 1,000,000.' };
  return { kind: 'fixed', type: kind, threshold: value, action };
}

/**
 * Set caps in bulk: pick zones and a rule, see the preview, then apply (docs/desktop.md › Caps).
 * `picked`: one zone already picked by hand, the keyboard on its cap's amount (the palette's "Set cap…").
 */
export function CapsForm({ zones, picked = null, onClose }: { zones: readonly CapZone[]; picked?: string | null; onClose: () => void }) {
  const preview = useCapsStore((s) => s.preview);
  const busy = useCapsStore((s) => s.busy);
  const previewRule = useCapsStore((s) => s.previewRule);
  const closePreview = useCapsStore((s) => s.closePreview);
  const networks = useMemo(() => [...new Set(zones.flatMap((z) => (z.network ? [z.network] : [])))].sort(), [zones]);
  const [pick, setPick] = useState<Pick>(picked ? 'hand' : 'all');
  const [network, setNetwork] = useState(networks[0] ?? '');
  const [search, setSearch] = useState('');
  const [hand, setHand] = useState<ReadonlySet<string>>(() => new Set(picked ? [picked] : []));
  const [find, setFind] = useState('');
  const [kind, setKind] = useState<Kind>('usual');
  const [amount, setAmount] = useState('3');
  const [floor, setFloor] = useState('5');
  const [action, setAction] = useState<AlertAction>('disable_and_send_notification');
  const [problem, setProblem] = useState<string | null>(null);
  const amountField = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (!picked) return;
    amountField.current?.focus();
  }, [picked]);
  const ids = { pick: useId(), network: useId(), search: useId(), find: useId(), kind: useId(), amount: useId(), floor: useId(), action: useId() };
  const chosen = useMemo(() => pickedZones(zones, pick, network, search, hand), [zones, pick, network, search, hand]);
  const findable = useMemo(() => (pick === 'hand' ? pickedZones(zones, 'search', network, find, hand) : []), [zones, pick, network, find, hand]);
  const toggle = useCallback(
    (zoneId: string) =>
      setHand((now) => {
        const next = new Set(now);
        if (!next.delete(zoneId)) next.add(zoneId);
        return next;
      }),
    [],
  );

  if (preview) return <CapsPreviewPanel onCancel={closePreview} onDone={onClose} />;

  const submit = () => {
    const rule = ruleFrom(kind, amount, floor, action);
    if ('problem' in rule) return setProblem(rule.problem);
    if (chosen.length === 0) return setProblem('Pick at least one zone.');
    if (chosen.length > MAX_CAP_ZONES) return setProblem(CAP_ZONES_TOO_MANY);
    setProblem(null);
    void previewRule(
      chosen.map((z) => z.zoneId),
      rule,
    );
  };

  return (
    <form
      className="caps-panel"
      aria-label="Set caps"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <h2>Set caps</h2>
      <label htmlFor={ids.pick}>Zones</label>
      <select id={ids.pick} value={pick} onChange={(e) => setPick(e.target.value as Pick)}>
        <option value="all">All zones</option>
        <option value="network">By network</option>
        <option value="search">By search</option>
        <option value="hand">By hand</option>
      </select>
      {pick === 'network' && (
        <>
          <label htmlFor={ids.network}>Network</label>
          <select id={ids.network} value={network} onChange={(e) => setNetwork(e.target.value)}>
            {networks.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </>
      )}
      {pick === 'search' && (
        <>
          <label htmlFor={ids.search}>Name or id contains</label>
          <input id={ids.search} type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
        </>
      )}
      {pick === 'hand' && (
        <fieldset>
          <legend>Zones to cap</legend>
          <label htmlFor={ids.find}>Show zones whose name or id contains</label>
          <input id={ids.find} type="search" value={find} onChange={(e) => setFind(e.target.value)} />
          <VirtualRows
            items={find.trim() ? findable : zones}
            keyOf={zoneKey}
            estimate={HAND_ROW_ESTIMATE}
            render={(zone) => <HandRow zone={zone} checked={hand.has(zone.zoneId)} onToggle={toggle} />}
            className="caps-hand"
            role="group"
            label="Zones to cap"
          />
        </fieldset>
      )}
      <p className="muted small" aria-live="polite">
        {countOf(chosen.length, 'zone picked', 'zones picked')}
      </p>

      <label htmlFor={ids.kind}>Cap</label>
      <select id={ids.kind} value={kind} onChange={(e) => setKind(e.target.value as Kind)}>
        {(['usual', ...ALERT_TYPES] as Kind[]).map((k) => (
          <option key={k} value={k}>
            {KIND_LABEL[k]}
          </option>
        ))}
      </select>
      <label htmlFor={ids.amount}>{kind === 'usual' ? 'Times the usual daily spend' : kind.startsWith('dollars') ? 'Amount ($)' : 'Gigabytes'}</label>
      <input ref={amountField} id={ids.amount} inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} />
      {kind === 'usual' && (
        <>
          <label htmlFor={ids.floor}>But at least ($ a day)</label>
          <input id={ids.floor} inputMode="numeric" value={floor} onChange={(e) => setFloor(e.target.value)} />
          <p className="muted small">Each zone’s cap is its usual daily spend times this, rounded up to whole dollars.</p>
        </>
      )}
      <label htmlFor={ids.action}>When a zone reaches it, the service</label>
      <select id={ids.action} value={action} onChange={(e) => setAction(e.target.value as AlertAction)}>
        {ALERT_ACTIONS.map((a) => (
          <option key={a} value={a}>
            {capActionText(a)}
          </option>
        ))}
      </select>
      <div className="actions">
        <button type="submit" className="primary" disabled={busy !== null}>
          {busy === 'preview' ? 'Working it out…' : 'Preview'}
        </button>
        <button type="button" onClick={onClose}>
          Cancel
        </button>
      </div>
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
      <CapsRefusal at="preview" />
    </form>
  );
}
