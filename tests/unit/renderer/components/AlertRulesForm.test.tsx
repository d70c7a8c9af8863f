import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { useState } from 'react';
import { AlertRulesForm } from '../../../../renderer/src/components/AlertRulesForm';
import { alertsFromDrafts, draftFromRule, type RuleDraft } from '../../../../renderer/src/model/alert-fields';
import { AlertSettings } from '../../../../shared/alert-settings';

afterEach(cleanup);

/** The form as Settings holds it: drafts from the saved settings, read back into settings on save. */
function Harness({ onSettings }: { onSettings: (settings: AlertSettings) => void }) {
  const settings = AlertSettings.parse({});
  const [drafts, setDrafts] = useState<Record<string, RuleDraft>>(() => Object.fromEntries(Object.entries(settings).map(([rule, value]) => [rule, draftFromRule(value as Record<string, unknown>)])));
  return (
    <AlertRulesForm
      drafts={drafts}
      testProfileId={null}
      onChange={(rule, field, value) => {
        const next = { ...drafts, [rule]: { ...drafts[rule], [field]: value } };
        setDrafts(next);
        onSettings(AlertSettings.parse(alertsFromDrafts(settings, next)));
      }}
    />
  );
}

describe('the unusual-day rule in the alert rules form', () => {
  it('offers immediately, a daily or a weekly summary, states the default thresholds, and saves what is chosen', async () => {
    let saved: AlertSettings | null = null;
    render(<Harness onSettings={(s) => (saved = s)} />);
    const rule = screen.getByRole('group', { name: 'A zone’s day is unusual for its weekday' });
    const tell = within(rule).getByLabelText('Tell me');
    expect(within(tell).getAllByRole('option').map((o) => o.textContent)).toEqual(['Immediately', 'In a daily summary', 'In a weekly summary']);
    expect((tell as HTMLSelectElement).value).toBe('immediately');
    expect(within(rule).getByText(/defaults: \$5 and 25 %/)).toBeTruthy();
    expect((within(rule).getByLabelText('When off its usual by at least ($; default 5)') as HTMLInputElement).value).toBe('5');
    await userEvent.selectOptions(tell, 'weekly');
    expect(saved!.zoneAnomaly.delivery).toBe('weekly');
    const dollars = within(rule).getByLabelText('When off its usual by at least ($; default 5)');
    await userEvent.clear(dollars);
    await userEvent.type(dollars, '20');
    expect(saved!.zoneAnomaly).toMatchObject({ delivery: 'weekly', minImpactCents: 2000, minImpactPercent: 25 });
  });
});
