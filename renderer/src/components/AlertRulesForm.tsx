import { useId, useState } from 'react';
import { ALERT_RULES, type AlertRule, type AlertSettings } from '../../../shared/alert-settings';
import type { AppError } from '../../../shared/app-error';
import { alertsFromDrafts, AUTOMATIC_FIELDS, AUTOMATIC_HINT, draftFromRule, FIELD_LABEL, RULE_LABEL, type RuleDraft } from '../model/alert-fields';
import { useSettingsStore } from '../stores/settings-store';
import { api } from '../zonewatch-api';
import { ErrorNotice } from './ErrorNotice';

/** Every alert rule: on/off and each of its thresholds. */
export function AlertRulesForm({ alerts }: { alerts: AlertSettings }) {
  const update = useSettingsStore((s) => s.update);
  const [drafts, setDrafts] = useState<Record<string, RuleDraft>>(() =>
    Object.fromEntries(ALERT_RULES.map((r) => [r, draftFromRule(alerts[r] as Record<string, unknown>)])),
  );
  const [error, setError] = useState<AppError | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const uid = useId();
  const setField = (rule: AlertRule, field: string, value: string | boolean) => {
    setDrafts((d) => ({ ...d, [rule]: { ...d[rule], [field]: value } }));
    setNote(null);
  };
  const save = async () => {
    setError(null);
    const err = await update({ alerts: alertsFromDrafts(alerts, drafts) as AlertSettings });
    if (err) setError(err);
    else setNote('Alert rules saved.');
  };
  const test = async (rule: AlertRule) => {
    const res = await api().notifications.test({ rule });
    setNote(res.ok ? `Test notification sent: “${res.value.title}”.` : `Could not send a test: ${res.error.message}`);
  };
  return (
    <form
      className="alert-rules"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      {ALERT_RULES.map((rule) => {
        const draft = drafts[rule] ?? {};
        return (
          <fieldset key={rule} className="rule">
            <legend>{RULE_LABEL[rule]}</legend>
            <label className="check">
              <input type="checkbox" checked={Boolean(draft.enabled)} onChange={(e) => setField(rule, 'enabled', e.target.checked)} /> On
            </label>
            {Object.entries(draft)
              .filter(([field]) => field !== 'enabled')
              .map(([field, value]) => {
                const id = `${uid}-${rule}-${field}`;
                const multiline = field === 'perZoneCents';
                const hint = AUTOMATIC_FIELDS.has(field) ? AUTOMATIC_HINT[rule] : undefined;
                return (
                  <div className="field" key={field}>
                    <label htmlFor={id}>{FIELD_LABEL[field] ?? field}</label>
                    {multiline ? (
                      <textarea id={id} rows={2} value={String(value)} onChange={(e) => setField(rule, field, e.target.value)} />
                    ) : (
                      <input
                        id={id}
                        inputMode="decimal"
                        value={String(value)}
                        placeholder={hint === undefined ? undefined : 'automatic'}
                        aria-describedby={hint === undefined ? undefined : `${id}-hint`}
                        onChange={(e) => setField(rule, field, e.target.value)}
                      />
                    )}
                    {hint !== undefined && (
                      <p className="muted small" id={`${id}-hint`}>
                        {hint}
                      </p>
                    )}
                  </div>
                );
              })}
            <button type="button" className="link small" onClick={() => void test(rule)}>
              Send a test
            </button>
          </fieldset>
        );
      })}
      {error && <ErrorNotice what="The alert rules were not saved" error={error} />}
      {note && <p role="status">{note}</p>}
      <button type="submit" className="primary">
        Save alert rules
      </button>
    </form>
  );
}
