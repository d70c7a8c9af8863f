import type { CsvExport } from '../../../shared/views';
import type { PeriodSummary } from '../../../shared/digest';
import type { SaveDialog } from '../ports';
import { summaryCsv } from './period-summary';

/** "Export this summary (CSV)", for one account's Summary or all accounts': the rows are the CSV's lines less its header. */
export async function saveSummaryCsv(saveDialog: SaveDialog, summary: PeriodSummary, fileName: string): Promise<CsvExport> {
  const csv = summaryCsv(summary);
  const saved = await saveDialog.saveText(fileName, csv);
  return { saved: saved !== null, rows: csv.split('\r\n').length - 2, fileName: saved?.fileName ?? null, leftOut: 0 };
}
