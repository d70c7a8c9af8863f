import fs from 'node:fs';
import path from 'node:path';
import { type Logger, systemDate } from '../ports';
import { redactString, redactValue } from '../secrets/redact';

export type LogLevel = 'info' | 'warn' | 'error';

/** Where formatted log lines go (one line each, no trailing newline). */
export interface LogSink {
  write(line: string): void;
}

/** The secrets a logger must never write: the API keys the core has used this session. */
export interface SecretRegistry {
  add(secret: string): void;
  delete(secret: string): void;
  values(): readonly string[];
}

/**
 * How many keys the session's redaction list holds: every watched account's key (at most 100
 * accounts, shared/ipc.ts › accounts:reorder) and the keys they replaced, but never without bound.
 */
export const MAX_REDACTED_SECRETS = 128;

/**
 * The session's redaction list. Only keys the service accepted or could not check join it
 * (accounts/key-admission.ts); past `limit` the key added longest ago goes (adding a key again
 * makes it the newest), so a session adding keys without end cannot slow every log line down.
 */
export function createSecretRegistry(limit = MAX_REDACTED_SECRETS): SecretRegistry {
  const secrets = new Set<string>();
  return {
    add: (secret) => {
      if (!secret) return;
      secrets.delete(secret);
      secrets.add(secret);
      for (const oldest of secrets) {
        if (secrets.size <= limit) break;
        secrets.delete(oldest);
      }
    },
    delete: (secret) => {
      secrets.delete(secret);
    },
    values: () => [...secrets],
  };
}

export interface LoggerOptions {
  sink: LogSink;
  /** Known secrets, read at every line so a key added later is covered at once. */
  secrets?: SecretRegistry;
  now?: () => Date;
}

/**
 * A Logger whose every line is redacted twice over: the data is redacted as a structure (fields
 * named like a key, Errors with their message) and the finished line again as text, so a key
 * inside an error message, a URL or a header dump never reaches the sink.
 */
export function createLogger({ sink, secrets, now = systemDate }: LoggerOptions): Logger {
  const write = (level: LogLevel, message: string, data?: Record<string, unknown>): void => {
    const known = secrets?.values() ?? [];
    let line = `${now().toISOString()} ${level.toUpperCase()} ${message}`;
    if (data !== undefined) {
      try {
        line += ` ${JSON.stringify(redactValue(data, known))}`;
      } catch {
        line += ' [unserialisable data]';
      }
    }
    try {
      sink.write(redactString(line.replace(/\r?\n/g, '\\n'), known));
    } catch {
      // Logging must never take the app down (a full disk, a closed stream).
    }
  };
  return {
    info: (message, data) => write('info', message, data),
    warn: (message, data) => write('warn', message, data),
    error: (message, data) => write('error', message, data),
  };
}

/** Keeps lines in memory: tests and the diagnostics copy. */
export function createMemorySink(limit = 1000): LogSink & { readonly lines: string[] } {
  const lines: string[] = [];
  return {
    lines,
    write(line) {
      lines.push(line);
      if (lines.length > limit) lines.splice(0, lines.length - limit);
    },
  };
}

export interface RotatingFileSinkOptions {
  file: string;
  /** Size at which the current file is rotated; 1 MiB by default. */
  maxBytes?: number;
  /** Files kept in all, the current one included (`app.log`, `app.log.1`, `app.log.2`). */
  maxFiles?: number;
}

/**
 * Appends lines to `file`, rotating it to `file.1` … `file.<maxFiles-1>` when the next line would
 * push it past `maxBytes`, so logs never grow without bound. Synchronous writes: log volume is a
 * few lines a minute, and a line written before a crash is the one worth having.
 */
export function createRotatingFileSink({ file, maxBytes = 1024 * 1024, maxFiles = 3 }: RotatingFileSinkOptions): LogSink {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  let size = fileSize(file);
  const rotate = (): void => {
    fs.rmSync(`${file}.${maxFiles - 1}`, { force: true });
    for (let index = maxFiles - 2; index >= 1; index -= 1) {
      if (fs.existsSync(`${file}.${index}`)) fs.renameSync(`${file}.${index}`, `${file}.${index + 1}`);
    }
    if (maxFiles > 1 && fs.existsSync(file)) fs.renameSync(file, `${file}.1`);
    else fs.rmSync(file, { force: true });
    size = 0;
  };
  return {
    write(line) {
      const bytes = Buffer.byteLength(line) + 1;
      if (size > 0 && size + bytes > maxBytes) rotate();
      fs.appendFileSync(file, `${line}\n`, { mode: 0o600 });
      size += bytes;
    },
  };
}

function fileSize(file: string): number {
  try {
    return fs.statSync(file).size;
  } catch {
    return 0;
  }
}
