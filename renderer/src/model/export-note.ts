import type { Result } from '../../../shared/ipc';
import type { CsvExport } from '../../../shared/views';

/** What became of an export, in one sentence. */
export function exportNoteText(res: Result<CsvExport>): string {
  if (!res.ok) return `Export failed: ${res.error.message}`;
  if (!res.value.saved) return 'Export cancelled.';
  const leftOut = res.value.leftOut;
  const note = leftOut === 0 ? '' : ` ${leftOut} ${leftOut === 1 ? 'entry' : 'entries'} could not be read and ${leftOut === 1 ? 'is' : 'are'} not in the file.`;
  return `Saved ${res.value.rows} rows${res.value.fileName ? ` to ${res.value.fileName}` : ''}.${note}`;
}
