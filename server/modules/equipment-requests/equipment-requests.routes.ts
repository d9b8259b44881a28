import { Router, type Request } from 'express';
import { z } from 'zod';
import { decimalInt, idParamSchema } from '../../../shared/contracts/common';
import {
  checkInSchema,
  cleanupDuplicatesResultSchema,
  createEquipmentRequestSchema,
  extensionDecisionSchema,
  rejectRequestSchema,
  requestExtensionSchema,
  setRequestStatusSchema,
} from '../../../shared/contracts/equipment';
import type { EquipmentRequestAction } from '../../../shared/equipment-transitions';
import { actorOf } from '../../lib/auth';
import { parse } from '../../lib/validate';
import { parseForm } from './parse-form';
import type { EquipmentRequestsService } from './equipment-requests.service';

const idOf = (req: Request) => parse(idParamSchema, req.params).id;

/** PUT /:id {status}: the spec's generic form, onto the one state machine. */
const STATUS_ACTIONS = {
  approved: 'approve',
  rejected: 'reject',
  out: 'check_out',
  returned: 'return',
  return_requested: 'request_return',
} as const satisfies Record<z.infer<typeof setRequestStatusSchema>['status'], EquipmentRequestAction>;

/** /api/equipment-requests — anyone requests and returns; owner/admin decide (the service checks). */
export function equipmentRequestsRouter(requests: EquipmentRequestsService): Router {
  const router = Router();
  router.get('/', async (req, res) => {
    res.json(await requests.list(actorOf(req)));
  });
  router.post('/', async (req, res) => {
    res.status(201).json(await requests.create(actorOf(req), parseForm(createEquipmentRequestSchema, req.body)));
  });
  router.post('/cleanup-duplicates', async (req, res) => {
    res.json(cleanupDuplicatesResultSchema.parse(await requests.cleanupDuplicates(actorOf(req))));
  });
  router.put('/:id', async (req, res) => {
    const id = idOf(req);
    const { status } = parseForm(setRequestStatusSchema, req.body);
    // 'returned' from someone who may not take returns is their Return button: it asks instead.
    if (status === 'returned') res.json(await requests.returnLoan(actorOf(req), id));
    else res.json(await requests.act(actorOf(req), id, STATUS_ACTIONS[status]));
  });
  router.put('/:id/approve', async (req, res) => {
    res.json(await requests.act(actorOf(req), idOf(req), 'approve'));
  });
  router.put('/:id/reject', async (req, res) => {
    const id = idOf(req);
    res.json(
      await requests.act(actorOf(req), id, 'reject', { reason: parseForm(rejectRequestSchema, req.body).reason }),
    );
  });
  router.put('/:id/checkout', async (req, res) => {
    res.json(await requests.act(actorOf(req), idOf(req), 'check_out'));
  });
  router.put('/:id/return', async (req, res) => {
    const id = idOf(req);
    res.json(await requests.returnLoan(actorOf(req), id, parseForm(checkInSchema, req.body)));
  });
  router.put('/:id/approve-return', async (req, res) => {
    const id = idOf(req);
    res.json(await requests.act(actorOf(req), id, 'approve_return', { checkIn: parseForm(checkInSchema, req.body) }));
  });
  router.post('/:id/extend', async (req, res) => {
    const id = idOf(req);
    res.json(await requests.extend(actorOf(req), id, parseForm(requestExtensionSchema, req.body)));
  });
  return router;
}

/** /api/equipment-extension — owner/admin approve or reject a pending extension. */
export function equipmentExtensionRouter(requests: EquipmentRequestsService): Router {
  const router = Router();
  router.post('/approve', async (req, res) => {
    const body = parseForm(extensionDecisionSchema, req.body);
    res.json(
      await requests.decideExtension(actorOf(req), body.requestId, {
        approved: body.approved,
        rejectionReason: body.rejectionReason,
      }),
    );
  });
  return router;
}

/** 'me' or the caller's own id (the spec's fixed id 1 is a defect: the caller is the session's user). */
const permissionsTarget = z.object({ id: z.union([z.literal('me'), decimalInt('id')]) });

/** /api/mobile — the mobile field page's calls, for the real caller. */
export function mobileRouter(requests: EquipmentRequestsService): Router {
  const router = Router();
  router.get('/equipment', async (req, res) => {
    res.json(await requests.catalogue.list(actorOf(req)));
  });
  router.get('/equipment-requests', async (req, res) => {
    res.json(await requests.list(actorOf(req)));
  });
  router.post('/equipment-requests', async (req, res) => {
    res
      .status(201)
      .json(await requests.create(actorOf(req), parseForm(createEquipmentRequestSchema, req.body), 'mobile'));
  });
  router.get('/user-permissions/:id', async (req, res) => {
    res.json(await requests.permissionsOf(actorOf(req), parse(permissionsTarget, req.params).id));
  });
  return router;
}
