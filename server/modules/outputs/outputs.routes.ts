import { Router, type Request } from 'express';
import { idParamSchema } from '../../../shared/contracts/common';
import { outputInputSchema } from '../../../shared/contracts/outputs';
import { saveOverlayLayoutSchema } from '../../../shared/contracts/overlay';
import { actorOf } from '../../lib/auth';
import { parse } from '../../lib/validate';
import type { OutputsService } from './outputs.service';
import type { OverlayService } from './overlay.service';

const idOf = (req: Request) => parse(idParamSchema, req.params).id;

/**
 * /api/outputs (issue 25): the HTML overlay's URL, key rotation and layout, and the direct outputs
 * (CasparCG, OBS, vMix) — owner/admin. Their status is readable by everyone signed in (the header).
 */
export function outputsRouter(overlay: OverlayService, outputs: OutputsService): Router {
  const router = Router();
  router.get('/status', async (req, res) => {
    res.json(await outputs.statuses(actorOf(req)));
  });
  router.get('/tally', async (req, res) => {
    res.json(await outputs.tally(actorOf(req)));
  });
  router.get('/overlay', async (req, res) => {
    res.json(await overlay.output(actorOf(req)));
  });
  router.post('/overlay/rotate', async (req, res) => {
    res.json(await overlay.rotate(actorOf(req)));
  });
  router.put('/overlay/layout', async (req, res) => {
    res.json(await overlay.saveLayout(actorOf(req), parse(saveOverlayLayoutSchema, req.body)));
  });
  router.get('/', async (req, res) => {
    res.json(await outputs.list(actorOf(req)));
  });
  router.post('/', async (req, res) => {
    const made = await outputs.create(actorOf(req), parse(outputInputSchema, req.body));
    res.status(201).json(made);
  });
  router.put('/:id', async (req, res) => {
    const id = idOf(req);
    res.json(await outputs.update(actorOf(req), id, parse(outputInputSchema, req.body)));
  });
  router.delete('/:id', async (req, res) => {
    await outputs.remove(actorOf(req), idOf(req));
    res.json({ success: true });
  });
  router.post('/:id/test', async (req, res) => {
    res.json(await outputs.test(actorOf(req), idOf(req)));
  });
  return router;
}
