import { useId, useState } from 'react';
import { ALERT_RULES, type AlertRule } from '../../../shared/alert-settings';
import { AUTOMATIC_FIELDS, AUTOMATIC_HINT, FIELD_LABEL, RULE_LABEL, type RuleDraft } from '../model/alert-fields';
import { api } from '../zonewatch-api';

type Props = {
  drafts: Record<string, RuleDraft>;
  onChange: (rule: AlertRule, field: string, value: string | boolean) => void;
};

/** Every alert rule: on/off and each of its thresholds. Part of the settings form, which saves them. */
export function AlertRulesForm({ drafts, onChange }: Props) {
  const [note, setNote] = useState<string | null>(null);
  const uid = useId();
  const test = async (rule: AlertRule) => {
    const res = await api().notifications.test({ rule });
    setNote(res.ok ? `Test notification sent: “${res.value.title}”.` : `Could not send a test: ${res.error.message}`);
  };
  return (
    <div className="alert-rules">
      {ALERT_RULES.map((rule) => {
        const draft = drafts[rule] ?? {};
        return (
          <fieldset key={rule} className="rule">
            <legend>{RULE_LABEL[rule]}</legend>
            <label className="check">
              <input type="checkbox" checked={Boolean(draft.enabled)} onChange={(e) => onChange(rule, 'enabled', e.target.checked)} /> On
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
                      <textarea id={id} rows={2} value={String(value)} onChange={(e) => onChange(rule, field, e.target.value)} />
                    ) : (
                      <input
                        id={id}
                        inputMode="decimal"
                        value={String(value)}
                        placeholder={hint === undefined ? undefined : 'automatic'}
                        aria-describedby={hint === undefined ? undefined : `${id}-hint`}
                        onChange={(e) => onChange(rule, field, e.target.value)}
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
      {note && <p role="status">{note}</p>}
    </div>
  );
}
