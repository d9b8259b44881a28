import { Router } from 'express';
import { actorOf, requireAuth, requirePermission } from '../../lib/auth';
import { parse } from '../../lib/validate';
import { bulkEnvelopeSchema, type EquipmentBulkService } from './equipment-bulk.service';

/**
 * POST /api/equipment/bulk (its JSON parser with the larger limit is mounted in app.ts). Mounted
 * before the catalogue router on the same path, so only /bulk is guarded here.
 */
export function equipmentBulkRouter(bulk: EquipmentBulkService): Router {
  const router = Router();
  router.post('/bulk', requireAuth, requirePermission('equipment.manage'), async (req, res) => {
    const { csvData } = parse(bulkEnvelopeSchema, req.body);
    res.json({ results: await bulk.import(actorOf(req), csvData) });
  });
  return router;
}
