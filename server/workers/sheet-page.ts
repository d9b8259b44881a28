import type { Equipment } from '../../shared/contracts/equipment';
import { cellsHash, editableCells, equipmentRows } from '../integrations/google-sheets/sheet-rows';

/** One DB page of the catalogue as the push needs it (server/modules/google-sheets/sheet-transfer.ts). */
export interface SheetPushPage {
  rows: string[][];
  /** [equipment id, sync hash of its editable cells]. */
  hashes: [number, string][];
  /** JSON of `rows`: what the grid digest is fed. */
  json: string;
}

/** The grid rows, the per-item sync hashes and the page's JSON: ~1 000 SHA-1s and string work, on a worker thread. */
export function sheetPushPage(items: Equipment[]): SheetPushPage {
  const rows = equipmentRows(items);
  return { rows, hashes: items.map((i) => [i.id, cellsHash(editableCells(i))]), json: JSON.stringify(rows) };
}
