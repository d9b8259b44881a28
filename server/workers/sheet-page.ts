import type { Equipment } from '../../shared/contracts/equipment';
import { cellsHash, editableCells, equipmentRows } from '../integrations/google-sheets/sheet-rows';

/** One DB page of the catalogue as the push needs it (server/modules/google-sheets/sheet-transfer.ts). */
export interface SheetPushPage {
  /** [equipment id, sync hash of its editable cells]. */
  hashes: [number, string][];
  /**
   * The page's grid rows as JSON text. Only the text crosses back to the air thread: the push
   * splices it into the request body as is, and it feeds the grid digest. Returning the rows as
   * arrays made the air thread rebuild ~13 000 strings per page (structured clone), and then
   * googleapis deep-copied and JSON-encoded every 10 000-row block on it again.
   */
  json: string;
}

/** The per-item sync hashes and the page's rows as JSON: ~1 000 SHA-1s and string work, on a worker thread. */
export function sheetPushPage(items: Equipment[]): SheetPushPage {
  return { hashes: items.map((i) => [i.id, cellsHash(editableCells(i))]), json: JSON.stringify(equipmentRows(items)) };
}
