import { z } from 'zod';
import type { StartServiceOptions } from './start-service';

// `npm run service -- [--port N] [--host H] [--seed N] [--api-key K] [--time-scale X] [--now ISO]
// [--zones N] [--users N] [--history N] [--past-days N] [--control]` (issue 3 › Two ways to run it).

export const DEFAULT_CLI_PORT = 8787;

const Count = z.coerce.number().int().min(1).max(100_000);
const CliOptions = z.strictObject({
  port: z.coerce.number().int().min(0).max(65_535).default(DEFAULT_CLI_PORT),
  host: z.string().min(1).default('127.0.0.1'),
  seed: z.coerce.number().int().default(1),
  'api-key': z.string().min(1).optional(),
  'time-scale': z.coerce.number().min(0).max(1_000_000).default(1),
  now: z.iso.datetime({ offset: true }).optional(),
  zones: Count.optional(),
  users: Count.optional(),
  history: z.coerce.number().int().min(0).max(1200).optional(),
  'past-days': z.coerce.number().int().min(0).max(400).optional(),
  control: z.boolean().default(false),
});

const FLAGS = new Set(['control']);

export type CliParse = { ok: true; options: StartServiceOptions } | { ok: false; message: string };

/** Parses the CLI's arguments (`--flag value` or `--flag=value`). */
export function parseCliArgs(argv: readonly string[]): CliParse {
  const raw: Record<string, string | boolean> = {};
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i]!;
    if (!arg.startsWith('--')) return { ok: false, message: `unexpected argument "${arg}"` };
    const [name, inline] = arg.slice(2).split(/=(.*)/s, 2) as [string, string | undefined];
    if (FLAGS.has(name)) {
      raw[name] = inline === undefined ? true : inline !== 'false';
      continue;
    }
    const value = inline ?? argv[i + 1];
    if (value === undefined) return { ok: false, message: `--${name} needs a value` };
    if (inline === undefined) i += 1;
    raw[name] = value;
  }
  const parsed = CliOptions.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const key = issue?.code === 'unrecognized_keys' ? issue.keys[0] : issue?.path.join('.');
    return { ok: false, message: `--${key ?? '?'}: ${issue?.code === 'unrecognized_keys' ? 'unknown option' : issue?.message}` };
  }
  const o = parsed.data;
  return {
    ok: true,
    options: {
      port: o.port,
      host: o.host,
      seed: o.seed,
      apiKey: o['api-key'],
      timeScale: o['time-scale'],
      now: o.now,
      zones: o.zones,
      users: o.users,
      history: o.history,
      pastDays: o['past-days'],
      control: o.control,
      autoTick: true,
    },
  };
}
