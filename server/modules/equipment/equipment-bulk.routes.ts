import { Router } from 'express';
import { actorOf } from '../../lib/auth';
import type { HeavyPool } from '../../workers/heavy-pool';
import { checkBulkRows } from '../../workers/bulk-check';
import type { EquipmentBulkService } from './equipment-bulk.service';

/**
 * POST /api/equipment/bulk. app.ts receives its JSON body as raw bytes (a 10 000-row upload is
 * megabytes): parsing and checking them is the heavy worker's job, off the air thread. A body
 * that is not JSON was never read (no bytes): the envelope check answers it as before.
 */
export function equipmentBulkRouter(bulk: EquipmentBulkService, heavy: HeavyPool): Router {
  const router = Router();
  router.post('/bulk', async (req, res) => {
    const body: unknown = req.body;
    const actor = actorOf(req);
    // Within the station's share of the heavy threads: one station's uploads never queue out another's.
    const checked = Buffer.isBuffer(body)
      ? await heavy.task('equipment.bulkCheck', body, [], { station: actor.companyId })
      : checkBulkRows(body);
    res.json({ results: await bulk.import(actor, checked) });
  });
  return router;
}
