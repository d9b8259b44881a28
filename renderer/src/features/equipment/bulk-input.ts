import { neutraliseCsvText } from '@shared/csv-cells';
import {
  EQUIPMENT_CSV_MESSAGES,
  equipmentCsvFileError,
  equipmentCsvTemplate,
  parseEquipmentCsv,
  type EquipmentCsvParse,
} from '@shared/equipment-csv';
import { saveBlob } from '@/lib/save-file';

/**
 * What the dialog holds → rows, with the spec's messages (001 §5). A chosen file wins over
 * pasted text (choosing a file is the more deliberate act); neither gives 'Please select a CSV
 * file or paste CSV data'.
 */
export async function readBulkInput(file: File | null, pasted: string): Promise<EquipmentCsvParse> {
  if (file) {
    const notCsv = equipmentCsvFileError(file);
    if (notCsv) return { ok: false, error: notCsv };
    return parseEquipmentCsv(await file.text());
  }
  if (!pasted.trim()) return { ok: false, error: EQUIPMENT_CSV_MESSAGES.noInput };
  return parseEquipmentCsv(pasted);
}

/** The template's text as downloaded: every CSV the app writes has its cells neutralised (issue 22 #13). */
export function templateCsvText(): string {
  return neutraliseCsvText(equipmentCsvTemplate());
}

/** The template as a download the browser saves (no server round trip). */
export function downloadText(fileName: string, text: string): void {
  saveBlob(new Blob([text], { type: 'text/csv;charset=utf-8' }), fileName);
}
