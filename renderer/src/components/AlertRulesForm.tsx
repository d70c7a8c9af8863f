import { useId, useState } from 'react';
import { ALERT_RULES, type AlertRule } from '../../../shared/alert-settings';
import { AUTOMATIC_FIELDS, AUTOMATIC_HINT, FIELD_CHOICES, FIELD_LABEL, fieldShown, RULE_HINT, RULE_LABEL, SHARES_HINT, type RuleDraft } from '../model/alert-fields';
import { api } from '../zonewatch-api';

type Props = {
  drafts: Record<string, RuleDraft>;
  onChange: (rule: AlertRule, field: string, value: string | boolean) => void;
  /** The account a "Send a test" notification is about; none: no test offered (no account is shown). */
  testProfileId: string | null;
};

function hintOf(rule: AlertRule, field: string): string | undefined {
  if (field === 'sharesOfBase') return SHARES_HINT[rule];
  return AUTOMATIC_FIELDS.has(field) ? AUTOMATIC_HINT[rule] : undefined;
}

/** Every alert rule: on/off and each of its thresholds. Part of a form that saves them. */
export function AlertRulesForm({ drafts, onChange, testProfileId }: Props) {
  const [note, setNote] = useState<string | null>(null);
  const uid = useId();
  const test = async (profileId: string, rule: AlertRule) => {
    const res = await api().notifications.test({ profileId, rule });
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
              .filter(([field]) => fieldShown(draft, field))
              .map(([field, value]) => {
                const id = `${uid}-${rule}-${field}`;
                const multiline = field === 'perZoneCents';
                const choices = FIELD_CHOICES[field];
                const hint = hintOf(rule, field);
                return (
                  <div className="field" key={field}>
                    <label htmlFor={id}>{FIELD_LABEL[field] ?? field}</label>
                    {choices ? (
                      <select id={id} value={String(value)} onChange={(e) => onChange(rule, field, e.target.value)}>
                        {choices.map(([choice, label]) => (
                          <option key={choice} value={choice}>
                            {label}
                          </option>
                        ))}
                      </select>
                    ) : multiline ? (
                      <textarea id={id} rows={2} value={String(value)} onChange={(e) => onChange(rule, field, e.target.value)} />
                    ) : (
                      <input
                        id={id}
                        inputMode="decimal"
                        value={String(value)}
                        placeholder={AUTOMATIC_FIELDS.has(field) ? (field === 'sharesOfBase' ? 'built-in' : 'automatic') : undefined}
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
            {RULE_HINT[rule] !== undefined && <p className="muted small">{RULE_HINT[rule]}</p>}
            {testProfileId !== null && (
              <button type="button" className="link small" onClick={() => void test(testProfileId, rule)}>
                Send a test
              </button>
            )}
          </fieldset>
        );
      })}
      {note && <p role="status">{note}</p>}
    </div>
  );
}
