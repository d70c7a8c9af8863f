/**
 * A durable write that did not land (docs/architecture.md › Offline): the document kept the value
 * its file holds and the caller must not report done what it was saving. `code` is the system's
 * (ENOSPC, EIO…), null when the failure carried none.
 */
export class DocumentWriteError extends Error {
  readonly code: string | null;

  constructor(
    readonly document: string,
    cause: unknown,
  ) {
    const code = errorCode(cause);
    super(`persistence: ${document} could not be written (${code ?? 'no code'})`, { cause });
    this.name = 'DocumentWriteError';
    this.code = code;
  }
}

/** The system's code of a failed file operation (ENOSPC, EIO…), null when it carries none. */
export function errorCode(err: unknown): string | null {
  const code = (err as NodeJS.ErrnoException | null)?.code;
  return typeof code === 'string' ? code : null;
}

/** The error, when it is a failed durable write; null for any other failure. */
export function writeFailureOf(err: unknown): DocumentWriteError | null {
  return err instanceof DocumentWriteError ? err : null;
}

/** Why the data folder refused a write, in words: the disk full and a disk fault each get their own. Pure. */
export function writeFailureCause(err: { code: string | null }): string {
  switch (err.code) {
    case 'ENOSPC':
    case 'EDQUOT':
      return 'the disk is full';
    case 'EIO':
      return 'the disk reported a read or write error (EIO), so it may be failing';
    case 'EROFS':
      return 'the disk is read-only';
    case 'EACCES':
    case 'EPERM':
      return 'Zonewatch is not allowed to write there';
    default:
      return err.code === null ? 'the write failed' : `the write failed (${err.code})`;
  }
}

/** "Zonewatch could not write to its data folder — the disk is full: nothing was changed." Pure. */
export function writeFailureSentence(err: { code: string | null }, consequence: string): string {
  return `Zonewatch could not write to its data folder — ${writeFailureCause(err)}: ${consequence}.`;
}

/** What an action that must be written ahead says when its journal entry cannot be (docs/architecture.md › Write ahead, then act). */
export const NOTHING_CHANGED = 'nothing was changed';

/** What any other durable write that failed says: its change is not kept (the value stays as its file holds it). */
export const NOT_SAVED = 'the change was not saved';
