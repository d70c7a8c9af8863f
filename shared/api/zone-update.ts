import { z } from 'zod';
import { boundedInt } from './bounded-int';
import { QueryBoolean } from './query-params';
import {
  ALERT_ACTIONS,
  ALERT_TYPES,
  BillingMethod,
  ExclusivityType,
  IpType,
  MAX_ZONE_NAME_LENGTH,
  Network,
} from './zone';

// docs/api.md › Bounds, inclusive.
export const MAX_CONNECTION_COUNT = 50_000;
export const MAX_POOL_SIZE = 10_000;
// docs/api.md › Zone alerts: threshold 1 to 1,000,000, the range of Bytio's get-zones and update-a-zone
// reference pages (the alerts guide's 1 to 100,000 is narrower: never refuse what the service holds).
export const MIN_ALERT_THRESHOLD = 1;
export const MAX_ALERT_THRESHOLD = 1_000_000;

const thresholdError = `must be a number from ${MIN_ALERT_THRESHOLD} to ${MAX_ALERT_THRESHOLD}`;

/** The alert a zone update sets: unlike a response alert, only the known type/action values. */
export const AlertInput = z.strictObject({
  type: z.enum(ALERT_TYPES),
  threshold: z
    .number({ error: thresholdError })
    .min(MIN_ALERT_THRESHOLD, { error: thresholdError })
    .max(MAX_ALERT_THRESHOLD, { error: thresholdError }),
  action: z.enum(ALERT_ACTIONS),
});
export type AlertInput = z.infer<typeof AlertInput>;

/** A domain name in ASCII (punycode for international names), as exclusivity needs. */
const DomainName = z
  .string()
  .max(253, { error: 'must be at most 253 characters' })
  .regex(/^([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)*[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/, {
    error: 'must be a domain name such as example.com',
  });

const CountryCode = z.string().regex(/^[A-Za-z]{2}$/, { error: 'must be a two-letter ISO 3166 country code' });

/**
 * Body of `PUT /v1/zones/{zone_id}`. No field is required; omitted fields stay unchanged and
 * `null` clears `alert` / `countries` (docs/api.md › Zone updates). Unknown fields are refused so that a
 * misspelt field is reported instead of silently ignored.
 */
export const ZoneUpdateBody = z.strictObject({
  name: z
    .string()
    .min(1, { error: 'must not be empty' })
    .max(MAX_ZONE_NAME_LENGTH, { error: `must be at most ${MAX_ZONE_NAME_LENGTH} characters` })
    .optional(),
  network: Network.optional(),
  enabled: z.boolean().optional(),
  alert: AlertInput.nullable().optional(),
  billing_method: BillingMethod.optional(),
  connection_count: boundedInt(1, MAX_CONNECTION_COUNT).optional(),
  ip_type: IpType.optional(),
  pool_size: boundedInt(1, MAX_POOL_SIZE).optional(),
  exclusivity_type: ExclusivityType.optional(),
  domains: z.array(DomainName).optional(),
  countries: z.array(CountryCode).nullable().optional(),
});
export type ZoneUpdateBody = z.infer<typeof ZoneUpdateBody>;

/**
 * Query of the zone update as typed values. `skip_resource_check` defaults to true
 * (docs/api.md › Zone updates); `preview` to false.
 */
export const ZoneUpdateQuery = z.strictObject({
  preview: z.boolean().default(false),
  skip_resource_check: z.boolean().default(true),
});
export type ZoneUpdateQuery = z.infer<typeof ZoneUpdateQuery>;

/** The same query parsed from raw URL query strings (only `true` / `false`). */
export const ZoneUpdateQueryParams = z.strictObject({
  preview: QueryBoolean.default(false),
  skip_resource_check: QueryBoolean.default(true),
});
