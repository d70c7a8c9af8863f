import { createHmac } from 'node:crypto';
import type { AlertItem } from './alert-message';

// The generic webhook (docs/desktop.md › Channels › The signed webhook): a JSON body that stays the
// same across retries, and a signature over the moment of each attempt and that body.

export const WEBHOOK_BODY_VERSION = 1;

/** The webhook's JSON body; its schema is docs/desktop.md's. Pure. */
export function webhookBody(deliveryId: string, items: readonly AlertItem[], test: boolean): string {
  return JSON.stringify({
    type: 'zonewatch.alerts',
    version: WEBHOOK_BODY_VERSION,
    deliveryId,
    test,
    alerts: items.map((item) => ({
      id: item.alertId,
      route: item.route,
      severity: item.severity,
      at: item.at,
      account: item.account,
      zone: item.zone,
      title: item.title,
      figures: item.figures,
      action: item.action,
    })),
  });
}

/** `t=<unix seconds>,v1=<hex HMAC-SHA256(key, t + "." + raw body)>`. Pure. */
export function webhookSignature(signingKey: string, unixSeconds: number, rawBody: string): string {
  const t = Math.floor(unixSeconds);
  const v1 = createHmac('sha256', signingKey).update(`${t}.${rawBody}`, 'utf8').digest('hex');
  return `t=${t},v1=${v1}`;
}
