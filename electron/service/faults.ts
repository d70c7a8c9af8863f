import { z } from 'zod';
import type { Random } from './prng';

// Fault injection for tests and demos (issue 3 › Control endpoints): faults hit `/v1` only.

const Rate = z.number().min(0).max(1);

export const FaultStatus = z.union([z.literal(500), z.literal(503), z.literal(429)]);
export type FaultStatus = z.infer<typeof FaultStatus>;

/** Body of `POST /_control/faults`; `{}` clears every fault. */
export const FaultConfig = z.strictObject({
  rate: Rate.default(0),
  statuses: z.array(FaultStatus).min(1).default([500, 503, 429]),
  retryAfterSeconds: z.int().min(0).max(86_400).default(1),
  latencyMs: z.int().min(0).max(60_000).default(0),
  malformedRate: Rate.default(0),
  dropRate: Rate.default(0),
});
export type FaultConfig = z.infer<typeof FaultConfig>;

export type FaultAction =
  | { kind: 'none' }
  | { kind: 'drop' }
  | { kind: 'status'; status: FaultStatus }
  | { kind: 'malformed' };

/**
 * What to do to one request: drop it (socket closed, no answer), answer an error status before
 * handling it, or handle it and then answer 200 with a body that is not JSON.
 */
export function decideFault(config: FaultConfig, random: Random): FaultAction {
  if (config.dropRate > 0 && random() < config.dropRate) return { kind: 'drop' };
  if (config.rate > 0 && random() < config.rate) {
    const status = config.statuses[Math.floor(random() * config.statuses.length)] ?? 500;
    return { kind: 'status', status };
  }
  if (config.malformedRate > 0 && random() < config.malformedRate) return { kind: 'malformed' };
  return { kind: 'none' };
}

export function isNoFault(config: FaultConfig): boolean {
  return config.rate === 0 && config.latencyMs === 0 && config.malformedRate === 0 && config.dropRate === 0;
}
