import type { Random } from './prng';

// Reserved IPs come from 198.18.0.0/15, the range set aside for network benchmarks (RFC 2544),
// so seeded pools look real without naming anybody's address.
const BASE = (198 << 24) | (18 << 16);
const SIZE = 1 << 17;

function toDotted(value: number): string {
  return [value >>> 24, (value >>> 16) & 255, (value >>> 8) & 255, value & 255].join('.');
}

/** A fresh IP that was never handed out before (refreshing must swap in a new one). */
export function freshIp(random: Random, used: Set<string>): string {
  for (;;) {
    const offset = 1 + Math.floor(random() * (SIZE - 2));
    const ip = toDotted((BASE + offset) >>> 0);
    if (!used.has(ip) && !ip.endsWith('.0') && !ip.endsWith('.255')) {
      used.add(ip);
      return ip;
    }
  }
}

export function freshIps(random: Random, used: Set<string>, count: number): string[] {
  return Array.from({ length: count }, () => freshIp(random, used));
}
