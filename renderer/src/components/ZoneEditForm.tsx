import { useEffect, useId, useRef, useState } from 'react';
import type { FieldIssue } from '../../../shared/api/issues';
import { ALERT_ACTIONS, ALERT_TYPES, EXCLUSIVITY_TYPES, IP_TYPES, type Zone } from '../../../shared/api/zone';
import { MAX_ALERT_THRESHOLD, type ZoneUpdateBody } from '../../../shared/api/zone-update';
import type { AppError } from '../../../shared/app-error';
import { formatBalance, formatBilled } from '../../../shared/money';
import type { ZonePreview } from '../../../shared/views';
import { affectsCost, changesFromForm, formFromZone, type ZoneForm } from '../model/zone-edit';
import { ALERT_ACTION_LABEL, ALERT_TYPE_LABEL, BILLING_METHOD_LABEL, EXCLUSIVITY_LABEL, IP_TYPE_LABEL } from '../model/zone-labels';
import { useSnapshotStore } from '../stores/snapshot-store';
import { callForSelectedAccount } from '../stores/account-call';
import { api } from '../zonewatch-api';
import { CostTable } from './CostTable';
import { ErrorNotice } from './ErrorNotice';
import { UnknownValue } from './MissingValue';
import { opener, useReturnFocus } from './use-return-focus';
import { zoneDisplayName } from '../../../shared/zone-name';

function Cents({ value }: { value: number | undefined }) {
  return value === undefined ? <UnknownValue /> : <>{formatBilled(value)}</>;
}

type PreviewProps = { zone: Zone; preview: ZonePreview; busy: boolean; onConfirm: () => void; onBack: () => void };

/**
 * The cost of a change before it is sent: a confirmation, so it takes the keyboard when it opens
 * (the button that asked is busy meanwhile) and gives it back to that button when it closes.
 */
function CostPreview({ zone, preview, busy, onConfirm, onBack }: PreviewProps) {
  const ref = useRef<HTMLDivElement>(null);
  useReturnFocus();
  useEffect(() => ref.current?.focus(), []);
  return (
    <div ref={ref} className="preview" role="region" aria-label="Cost preview" tabIndex={-1}>
      {/* The form sits right under the zone's own heading (h1). */}
      <h2>Cost preview</h2>
      <p>
        Standing charges go from <Cents value={preview.costBefore.standing_charges_cents_monthly} /> to{' '}
        <strong>
          <Cents value={preview.costAfter.standing_charges_cents_monthly} />
        </strong>{' '}
        a month (
        {preview.standingMonthlyDeltaCents >= 0 ? '+' : '−'}
        {formatBilled(Math.abs(preview.standingMonthlyDeltaCents))}).
      </p>
      <p className="muted">
        The balance must cover 24 hours of the new standing charges ({formatBilled(preview.standingDailyAfterCents)})
        {preview.balanceCents !== null && `; it is ${formatBalance(preview.balanceCents)}`}.
      </p>
      <CostTable zone={{ ...zone, cost: preview.costAfter }} caption="Costs after the change" />
      <div className="actions">
        <button type="button" className="primary" disabled={busy} onClick={onConfirm}>
          {busy ? 'Saving…' : 'Confirm change'}
        </button>
        <button type="button" onClick={onBack}>
          Back to the form
        </button>
      </div>
    </div>
  );
}

/**
 * Edit every updatable field; a change that affects cost is previewed before the person confirms.
 * Without `alertEditable` (a key that cannot see alerts) the alert fields are left out, so nobody
 * overwrites an alert they cannot see.
 */
export function ZoneEditForm({ zone, alertEditable, onDone }: { zone: Zone; alertEditable: boolean; onDone: (message: string) => void }) {
  const [form, setForm] = useState<ZoneForm>(() => formFromZone(zone));
  const [issues, setIssues] = useState<FieldIssue[]>([]);
  const [preview, setPreview] = useState<{ changes: ZoneUpdateBody; value: ZonePreview } | null>(null);
  const [error, setError] = useState<AppError | null>(null);
  const [busy, setBusy] = useState(false);
  const upsertZone = useSnapshotStore((s) => s.upsertZone);
  const uid = useId();
  const firstField = useRef<HTMLInputElement>(null);
  // Opened by "Edit zone", which is disabled while the form is open: the form takes the keyboard, and gives it back when it closes.
  useReturnFocus();
  useEffect(() => firstField.current?.focus(), []);
  const fid = (name: string) => `${uid}-${name}`;
  const set = (patch: Partial<ZoneForm>) => {
    setForm((f) => ({ ...f, ...patch }));
    setPreview(null);
  };
  const issueFor = (path: string) => issues.find((i) => i.path === path || i.path.startsWith(`${path}.`) || i.path.startsWith(`${path}[`));
  const describedBy = (path: string) => (issueFor(path) ? `${fid(path)}-error` : undefined);
  const fieldError = (path: string) => {
    const issue = issueFor(path);
    return issue ? (
      <span id={`${fid(path)}-error`} className="field-error">
        {issue.message}
      </span>
    ) : null;
  };

  const commit = async (changes: ZoneUpdateBody) => {
    setBusy(true);
    setError(null);
    const res = await callForSelectedAccount((profileId) => api().zones.update({ profileId, zoneId: zone.zone_id, changes, skipResourceCheck: true }));
    setBusy(false);
    if (!res) return;
    if (!res.ok) {
      setIssues(res.error.fields ?? []);
      return setError(res.error);
    }
    upsertZone(res.value);
    setPreview(null);
    onDone(`Saved the changes to ${zoneDisplayName(res.value)}.`);
  };

  const submit = async () => {
    setError(null);
    const out = changesFromForm(zone, form, alertEditable);
    if ('issues' in out) return setIssues(out.issues);
    setIssues([]);
    if (Object.keys(out.changes).length === 0) return onDone('Nothing changed.');
    if (!affectsCost(out.changes)) return commit(out.changes);
    setBusy(true);
    const res = await callForSelectedAccount((profileId) => api().zones.preview({ profileId, zoneId: zone.zone_id, changes: out.changes }));
    setBusy(false);
    if (!res) return;
    if (!res.ok) {
      setIssues(res.error.fields ?? []);
      return setError(res.error);
    }
    setPreview({ changes: out.changes, value: res.value });
  };

  const datacenterReserved = zone.network === 'datacenter' && form.ip_type === 'reserved';
  return (
    <form
      className="edit-form"
      noValidate
      aria-label={`Edit zone ${zoneDisplayName(zone)}`}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <div className="field">
        <label htmlFor={fid('name')}>Name</label>
        <input ref={firstField} id={fid('name')} value={form.name} maxLength={100} onChange={(e) => set({ name: e.target.value })} aria-describedby={describedBy('name')} />
        {fieldError('name')}
      </div>
      <div className="field">
        <label htmlFor={fid('billing')}>Billing method</label>
        <select id={fid('billing')} value={form.billing_method} onChange={(e) => set({ billing_method: e.target.value as ZoneForm['billing_method'] })}>
          <option value="per_gigabyte">{BILLING_METHOD_LABEL.per_gigabyte}</option>
          {zone.network !== 'residential' && <option value="per_connection">{BILLING_METHOD_LABEL.per_connection}</option>}
        </select>
      </div>
      {form.billing_method === 'per_connection' && (
        <div className="field">
          <label htmlFor={fid('connection_count')}>Simultaneous connections</label>
          <input id={fid('connection_count')} type="number" min={1} max={50000} value={form.connection_count} onChange={(e) => set({ connection_count: e.target.value })} aria-describedby={describedBy('connection_count')} />
          {fieldError('connection_count')}
        </div>
      )}
      {zone.network === 'datacenter' && (
        <div className="field">
          <label htmlFor={fid('ip_type')}>IP type</label>
          <select id={fid('ip_type')} value={form.ip_type} onChange={(e) => set({ ip_type: e.target.value as ZoneForm['ip_type'] })}>
            {IP_TYPES.map((t) => (
              <option key={t} value={t}>
                {IP_TYPE_LABEL[t]}
              </option>
            ))}
          </select>
        </div>
      )}
      {datacenterReserved && (
        <>
          <div className="field">
            <label htmlFor={fid('pool_size')}>Pool size (IPs)</label>
            <input id={fid('pool_size')} type="number" min={1} max={10000} value={form.pool_size} onChange={(e) => set({ pool_size: e.target.value })} aria-describedby={describedBy('pool_size')} />
            {fieldError('pool_size')}
          </div>
          <div className="field">
            <label htmlFor={fid('exclusivity')}>Exclusivity</label>
            <select id={fid('exclusivity')} value={form.exclusivity_type} onChange={(e) => set({ exclusivity_type: e.target.value as ZoneForm['exclusivity_type'] })}>
              {EXCLUSIVITY_TYPES.map((t) => (
                <option key={t} value={t}>
                  {EXCLUSIVITY_LABEL[t]}
                </option>
              ))}
            </select>
          </div>
          {form.exclusivity_type === 'domains' && (
            <div className="field">
              <label htmlFor={fid('domains')}>Exclusive domains (one a line)</label>
              <textarea id={fid('domains')} rows={2} value={form.domains} onChange={(e) => set({ domains: e.target.value })} aria-describedby={describedBy('domains')} />
              {fieldError('domains')}
            </div>
          )}
        </>
      )}
      <div className="field">
        <label htmlFor={fid('countries')}>Countries (two-letter codes; empty for all)</label>
        <input id={fid('countries')} value={form.countries} onChange={(e) => set({ countries: e.target.value })} aria-describedby={describedBy('countries')} />
        {fieldError('countries')}
      </div>
      {alertEditable ? (
        <fieldset>
          <legend>Alert</legend>
          <label className="check">
            <input type="checkbox" checked={form.alertOn} onChange={(e) => set({ alertOn: e.target.checked })} /> Alert on this zone
          </label>
          {form.alertOn && (
            <>
              <div className="field">
                <label htmlFor={fid('alert_type')}>Alert type</label>
                <select id={fid('alert_type')} value={form.alertType} onChange={(e) => set({ alertType: e.target.value as ZoneForm['alertType'] })}>
                  {ALERT_TYPES.map((t) => (
                    <option key={t} value={t}>
                      {ALERT_TYPE_LABEL[t]}
                    </option>
                  ))}
                </select>
              </div>
              <div className="field">
                <label htmlFor={fid('alert_threshold')}>Alert threshold ({form.alertType.startsWith('dollars') ? 'dollars' : 'GB'})</label>
                <input id={fid('alert_threshold')} type="number" min={1} max={MAX_ALERT_THRESHOLD} step="any" value={form.alertThreshold} onChange={(e) => set({ alertThreshold: e.target.value })} aria-describedby={describedBy('alert')} />
                {fieldError('alert')}
              </div>
              <div className="field">
                <label htmlFor={fid('alert_action')}>When reached</label>
                <select id={fid('alert_action')} value={form.alertAction} onChange={(e) => set({ alertAction: e.target.value as ZoneForm['alertAction'] })}>
                  {ALERT_ACTIONS.map((a) => (
                    <option key={a} value={a}>
                      {ALERT_ACTION_LABEL[a]}
                    </option>
                  ))}
                </select>
              </div>
            </>
          )}
        </fieldset>
      ) : (
        <p className="muted">The alert is not shown: the service shows zone alerts only to admin keys, so this form leaves it as it is.</p>
      )}

      {error && <ErrorNotice what="The change was not saved" error={error} />}
      {!preview && (
        <div className="actions">
          <button type="submit" className="primary" disabled={busy} {...opener(`review-zone-change:${zone.zone_id}`)}>
            {busy ? 'Working…' : 'Review changes'}
          </button>
          <button type="button" onClick={() => onDone('')}>
            Cancel
          </button>
        </div>
      )}
      {preview && <CostPreview zone={preview.value.zone} preview={preview.value} busy={busy} onConfirm={() => void commit(preview.changes)} onBack={() => setPreview(null)} />}
    </form>
  );
}
