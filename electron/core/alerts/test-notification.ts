import type { AlertRule, AlertSettings } from '../../../shared/alert-settings';
import type { AlertEvent, NavigateTarget, Severity } from '../../../shared/notification';
import { formatBalance, formatBilled } from '../../../shared/money';
import { formatBitRate } from '../../../shared/units';

interface Sample {
  severity: Severity;
  title: string;
  body: string;
  target: NavigateTarget;
}

/** What each rule's notification looks like, with the user's own thresholds where it has them. */
function sample(rule: AlertRule, settings: AlertSettings): Sample {
  switch (rule) {
    case 'spendToday': {
      const threshold = settings.spendToday.thresholdsCents?.[0] ?? 10_000;
      return { severity: 'warning', title: `Spend today passed ${formatBilled(threshold)}`, body: 'This is how a daily spend alert looks.', target: { view: 'overview' } };
    }
    case 'spendMonth': {
      const threshold = settings.spendMonth.thresholdsCents?.[0] ?? 200_000;
      return { severity: 'warning', title: `Spend this month passed ${formatBilled(threshold)}`, body: 'This is how a monthly spend alert looks.', target: { view: 'overview' } };
    }
    case 'zoneSpendToday':
      return { severity: 'warning', title: `A zone's spend today passed ${formatBilled(settings.zoneSpendToday.thresholdCents)}`, body: 'This is how a per-zone spend alert looks.', target: { view: 'zones' } };
    case 'spike':
      return { severity: 'warning', title: 'Spend spike', body: `This is how an alert looks when spend runs above ${settings.spike.factor}× its usual rate.`, target: { view: 'overview' } };
    case 'zoneSpike':
      return { severity: 'warning', title: 'A zone: spend spike', body: `This is how an alert looks when one zone spends above ${settings.zoneSpike.factor}× its own usual rate.`, target: { view: 'zones' } };
    case 'lowBalance':
      return { severity: 'warning', title: `Balance is below ${formatBalance(settings.lowBalance.thresholdCents)}`, body: 'This is how a low-balance alert looks.', target: { view: 'account' } };
    case 'runway':
      return { severity: 'warning', title: `Balance lasts less than ${settings.runway.hours} hours`, body: 'This is how a runway alert looks.', target: { view: 'account' } };
    case 'trialExpiry':
      return { severity: 'info', title: 'Trial credit expires soon', body: 'This is how a trial expiry alert looks.', target: { view: 'account' } };
    case 'monthlyBudget':
      return { severity: 'warning', title: `Month-end spend forecast is over your ${formatBilled(settings.monthlyBudget.budgetCents)} budget`, body: 'This is how a budget forecast alert looks.', target: { view: 'overview' } };
    case 'minimumShortfall':
      return { severity: 'info', title: "Short of your plan's minimum", body: 'This is how a minimum-spend shortfall alert looks.', target: { view: 'plans' } };
    case 'throughputCeiling':
      return { severity: 'warning', title: `A zone's throughput is above ${formatBitRate(settings.throughputCeiling.bps)}`, body: 'This is how a throughput ceiling alert looks.', target: { view: 'zones' } };
    case 'throughputDrop':
      return { severity: 'warning', title: "A zone's traffic dropped to zero", body: 'This is how a traffic drop alert looks.', target: { view: 'zones' } };
    case 'zoneState':
      return { severity: 'info', title: 'A zone was changed elsewhere', body: 'This is how an alert looks when a zone is disabled, enabled, deprovisioned or deleted outside Zonewatch.', target: { view: 'zones' } };
    case 'billing':
      return { severity: 'info', title: 'New invoice', body: 'This is how a billing alert looks.', target: { view: 'billing' } };
    case 'connection':
      return { severity: 'warning', title: 'No fresh data', body: `This is how an alert looks after ${settings.connection.offlineMinutes} minutes without reaching the service.`, target: { view: 'overview' } };
    case 'accountCap':
      return { severity: 'critical', title: 'Account cap reached: spend stopped', body: 'This is how it looks when the account cap stops all spend.', target: { view: 'zones' } };
    case 'capDrift':
      return { severity: 'warning', title: 'A zone has no cap', body: 'This is how it looks when a zone without a cap appears or a cap changes elsewhere.', target: { view: 'caps' } };
    case 'zoneAnomaly': {
      const { delivery, minImpactCents, minImpactPercent } = settings.zoneAnomaly;
      const when = delivery === 'immediately' ? 'as soon as it is found' : `in a ${delivery} summary`;
      return { severity: 'warning', title: 'A zone spent more than usual', body: `This is how an unusual day of a zone looks, told ${when}, when it is off its usual by at least ${formatBilled(minImpactCents)} and ${minImpactPercent} %.`, target: { view: 'history' } };
    }
  }
}

/** A sample event for "send a test notification": clearly marked, keyed so that it never collides with a real one. */
export function testEvent(rule: AlertRule, settings: AlertSettings, now: number): AlertEvent {
  const { severity, title, body, target } = sample(rule, settings);
  const at = new Date(now).toISOString();
  const key = `test:${rule}:${at}`;
  return { id: key, rule, key, severity, title: `Test: ${title}`, body, at, target };
}
