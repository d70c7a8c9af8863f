import type { DeliveryLogEntry, DeliveryOutcome } from '../../../shared/channels';
import { KIND_LABEL } from './channel-form';
import { routeLabel } from './routing-form';

export const OUTCOME_LABEL: Readonly<Record<DeliveryOutcome, string>> = { delivered: 'Delivered', retrying: 'Retrying', given_up: 'Given up' };

/** What a log entry carried: "Test message", or its routes in words and how many alerts. Pure. */
export function deliveryWhat(entry: DeliveryLogEntry): string {
  if (entry.test) return 'Test message';
  const routes = entry.routes.map(routeLabel).join('; ');
  const count = entry.alertIds.length;
  return count > 1 ? `${routes} (${count} alerts in one message)` : routes;
}

/** The channel an entry went to: its name and service, as it was called then. */
export function deliveryChannel(entry: DeliveryLogEntry): string {
  return `${entry.channelName} (${KIND_LABEL[entry.kind]})`;
}
