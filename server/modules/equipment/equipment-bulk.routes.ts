import { Router } from 'express';
import type { EquipmentBulkService } from './equipment-bulk.service';

/** POST /api/equipment/bulk (its JSON parser with the larger limit is mounted in app.ts). */
export function equipmentBulkRouter(_bulk: EquipmentBulkService): Router {
  return Router();
}
