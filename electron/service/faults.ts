import { z } from 'zod';
import type { Random } from './prng';

// Fault injection for tests and demos (docs/service.md › Control endpoints › Faults): faults hit `/v1` only.

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
  /** Share of answers replaced by a valid JSON body of `oversizeBytes`, streamed without a length. */
  oversizeRate: Rate.default(0),
  oversizeBytes: z.int().min(1).max(256 * 1024 * 1024).default(5 * 1024 * 1024),
  /** Zones whose changes (`PUT` / `DELETE /v1/zones/{id}…`) always answer 500, before anything is committed. */
  failZoneIds: z.array(z.string().min(1).max(8)).max(100).default([]),
});
export type FaultConfig = z.infer<typeof FaultConfig>;

export type FaultAction =
  | { kind: 'none' }
  | { kind: 'drop' }
  | { kind: 'status'; status: FaultStatus }
  | { kind: 'malformed' }
  | { kind: 'oversize' };

/**
 * What to do to one request: drop it (socket closed, no answer), answer an error status before
 * handling it, or handle it and then answer 200 with a body that is not JSON, or one too large
 * for any client to want (valid JSON, padded).
 */
export function decideFault(config: FaultConfig, random: Random): FaultAction {
  if (config.dropRate > 0 && random() < config.dropRate) return { kind: 'drop' };
  if (config.rate > 0 && random() < config.rate) {
    const status = config.statuses[Math.floor(random() * config.statuses.length)] ?? 500;
    return { kind: 'status', status };
  }
  if (config.malformedRate > 0 && random() < config.malformedRate) return { kind: 'malformed' };
  if (config.oversizeRate > 0 && random() < config.oversizeRate) return { kind: 'oversize' };
  return { kind: 'none' };
}

export function isNoFault(config: FaultConfig): boolean {
  return config.rate === 0 && config.latencyMs === 0 && config.malformedRate === 0 && config.dropRate === 0 && config.oversizeRate === 0 && config.failZoneIds.length === 0;
}

/**
 * `{"status":"ok","padding":"xxx…"}` of exactly `bytes` bytes, as a stream in 64 KiB pieces
 * with no Content-Length, so a client has to count what it reads to stop at its own cap.
 */
export function oversizeBody(bytes: number): ReadableStream<Uint8Array> {
  const head = new TextEncoder().encode('{"status":"ok","padding":"');
  const tail = new TextEncoder().encode('"}');
  const piece = new Uint8Array(64 * 1024).fill(0x78);
  let padding = Math.max(0, bytes - head.length - tail.length);
  let started = false;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(head);
      } else if (padding > 0) {
        const size = Math.min(padding, piece.length);
        padding -= size;
        controller.enqueue(piece.subarray(0, size));
      } else {
        controller.enqueue(tail);
        controller.close();
      }
    },
  });
}

/** Whether a request changes one of the zones set to fail: reads of them still answer. */
export function failsZoneChange(config: FaultConfig, method: string, path: string): boolean {
  if (config.failZoneIds.length === 0 || (method !== 'PUT' && method !== 'DELETE')) return false;
  const zoneId = /^\/v1\/zones\/([^/?]+)/.exec(path)?.[1];
  return zoneId !== undefined && config.failZoneIds.includes(decodeURIComponent(zoneId));
}
