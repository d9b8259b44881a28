import { Router, type Request } from 'express';
import { idParamSchema } from '../../../shared/contracts/common';
import {
  createEquipmentSchema,
  equipmentStatusBodySchema,
  updateEquipmentSchema,
} from '../../../shared/contracts/equipment';
import { actorOf } from '../../lib/auth';
import { parse } from '../../lib/validate';
import { parseForm } from '../equipment-requests/parse-form';
import { streamEquipmentCsv } from './equipment-export';
import type { EquipmentService } from './equipment.service';

const idOf = (req: Request) => parse(idParamSchema, req.params).id;

/** /api/equipment — read by every role; catalogue and status changed by owner/admin/technical. */
export function equipmentRouter(equipment: EquipmentService): Router {
  const router = Router();

  router.get('/', async (req, res) => {
    res.json(await equipment.list(actorOf(req)));
  });
  // The catalogue as CSV (owner/admin/technical: the "CSV" row of docs/design-rules.md §5), streamed in pages.
  router.get('/export.csv', async (req, res) => {
    const today = equipment.ctx.clock.now().toISOString().slice(0, 10);
    await streamEquipmentCsv(equipment.ctx, actorOf(req).companyId, res, today);
  });
  router.post('/', async (req, res) => {
    res.status(201).json(await equipment.create(actorOf(req), parseForm(createEquipmentSchema, req.body)));
  });
  router.patch('/:id', async (req, res) => {
    const id = idOf(req);
    res.json(await equipment.update(actorOf(req), id, parseForm(updateEquipmentSchema, req.body)));
  });
  router.put('/:id/status', async (req, res) => {
    const id = idOf(req);
    res.json(await equipment.setStatus(actorOf(req), id, parseForm(equipmentStatusBodySchema, req.body).status));
  });
  router.delete('/:id', async (req, res) => {
    await equipment.remove(actorOf(req), idOf(req));
    res.json({ success: true });
  });
  return router;
}
