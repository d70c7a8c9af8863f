import { createHash } from 'node:crypto';

export type TraceKind = 'command' | 'request' | 'fault' | 'read' | 'time';

/**
 * What one seed did, line by line, in the order it happened: the commands the simulated user
 * gave, each request the services answered, each fault put in, what each read showed (as a short
 * digest) and each move of the clock. Two runs of one seed must give the same lines: `hash()`
 * compares them; `text()` is the readable replay a failure prints.
 */
export type Trace = {
  push(kind: TraceKind, line: string): void;
  lines(): readonly string[];
  hash(): string;
  text(): string;
};

export function createTrace(): Trace {
  const lines: string[] = [];
  return {
    push: (kind, line) => void lines.push(`${kind.padEnd(7)} ${line}`),
    lines: () => lines,
    hash: () => createHash('sha256').update(lines.join('\n')).digest('hex'),
    text: () => lines.join('\n'),
  };
}

/** A short, stable digest of a value a read returned: the trace notes that it changed, not all of it. */
export function digestOf(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value) ?? 'undefined').digest('hex').slice(0, 12);
}
