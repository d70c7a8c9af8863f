import type { Logger } from '../ports';

// A write the database refused (docs/architecture.md › The history database): its transaction
// rolled back, so every day written before it is kept, and its caller hears it in plain words.

/** Why a history write failed, in words a user can act on; `code` is SQLite's. */
export class HistoryWriteError extends Error {
  constructor(
    message: string,
    readonly code: string | null,
  ) {
    super(message);
    this.name = 'HistoryWriteError';
  }
}

function plainWords(code: string | null, what: string): string {
  switch (code) {
    case 'SQLITE_FULL':
      return `The disk is full: the history of ${what} was not kept. Every earlier day is kept; free some space and it is kept again from the next update.`;
    case 'SQLITE_READONLY':
    case 'SQLITE_PERM':
    case 'SQLITE_CANTOPEN':
      return `The history database cannot be written (permissions or a read-only disk): the history of ${what} was not kept. Every earlier day is kept.`;
    case 'SQLITE_BUSY':
    case 'SQLITE_LOCKED':
      return `The history database is in use by another program: the history of ${what} was not kept. Every earlier day is kept.`;
    default:
      return `The history of ${what} could not be written (${code ?? 'an unexpected error'}). Every earlier day is kept.`;
  }
}

/** The plain-words error for a failed write, logged once. */
export function writeFailure(err: unknown, what: string, logger: Logger): HistoryWriteError {
  if (err instanceof HistoryWriteError) return err;
  const raw = (err as { code?: unknown }).code;
  const code = typeof raw === 'string' ? raw : null;
  logger.error('history: a write failed and was rolled back', { what, code, error: err });
  return new HistoryWriteError(plainWords(code, what), code);
}
