import { Router } from 'express';
import type { EquipmentRequestsService } from './equipment-requests.service';

/** /api/equipment-requests (issue 12). */
export function equipmentRequestsRouter(_requests: EquipmentRequestsService): Router {
  return Router();
}

/** /api/equipment-extension (issue 12). */
export function equipmentExtensionRouter(_requests: EquipmentRequestsService): Router {
  return Router();
}

/** /api/mobile (issue 12): the mobile field page's calls, for the real caller. */
export function mobileRouter(_requests: EquipmentRequestsService): Router {
  return Router();
}
