import { Router } from 'express';
import type { EquipmentService } from './equipment.service';

/** /api/equipment — catalogue CRUD and status (issue 12). */
export function equipmentRouter(_equipment: EquipmentService): Router {
  return Router();
}
