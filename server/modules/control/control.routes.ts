import { Router, type Request } from 'express';
import { controlEmergencySchema, controlTypeParamSchema } from '../../../shared/contracts/control';
import type { Clock } from '../../lib/clock';
import { idempotency } from '../../lib/idempotency';
import type { IdempotencyBook } from '../../lib/idempotency-memory';
import { limitReadRate } from '../../lib/read-rate';
import { parse } from '../../lib/validate';
import type { Services } from '../../services';
import type { Writer } from '../cg-files/cg-files.service';
import { keyCaller } from './control-auth';
import { ControlService } from './control.service';

/** Per key: a burst of 20 presses or polls, 10 a second after that (a panel polls state once a second). */
export const CONTROL_RATE = { burst: 20, perSecond: 10 } as const;

/** The key's station, no user, source 'api_key', and the key by name (the as-run log says which key acted). */
const writerOf = (req: Request): Writer => ({
  companyId: req.apiKey?.companyId ?? 0,
  userId: null,
  source: 'api_key',
  apiKey: req.apiKey?.label,
});

/**
 * /api/control — Stream Deck / Bitfocus Companion (docs/companion.md). Authorised by an API key
 * with a control scope, never a session; rate-limited per key (429 + Retry-After); writes honour
 * Idempotency-Key like every other write (keys belong to the API key that sent them).
 */
export function controlRouter(services: Services, clock: Clock, keys: IdempotencyBook): Router {
  const control = new ControlService(services.cgFiles, services.crawler, services.cgNext, clock);
  const router = Router();
  const perKey = limitReadRate({
    ...CONTROL_RATE,
    cost: () => 1,
    who: (req) => `key:${req.apiKey?.keyId ?? 0}`,
    message: 'Too many control requests for this API key; slow down (see Retry-After)',
  });
  // The API key's keys share the book with sessions': its scopes (`key:<id>:…`) are its own.
  const once = idempotency(keys, keyCaller);
  const scoped = [perKey, once];

  router.get('/state', ...scoped, async (req, res) => {
    res.json(await control.state(writerOf(req).companyId));
  });
  router.post('/take', ...scoped, async (req, res) => {
    res.json({ success: true, state: await control.take(writerOf(req)) });
  });
  router.post('/clear/:type', ...scoped, async (req, res) => {
    const { type } = parse(controlTypeParamSchema, req.params);
    // Clearing the emergency is ending it: the same path as DELETE /emergency (logged emergency_ended).
    if (type === 'emergency') {
      const { ended, ...state } = await control.emergencyOff(writerOf(req));
      res.json({ success: true, ended, state });
      return;
    }
    res.json({ success: true, state: await control.clear(writerOf(req), type) });
  });
  router.post('/crawler/next', ...scoped, async (req, res) => {
    res.json({ success: true, state: await control.crawlerStep(writerOf(req), 'next') });
  });
  router.post('/crawler/previous', ...scoped, async (req, res) => {
    res.json({ success: true, state: await control.crawlerStep(writerOf(req), 'previous') });
  });
  router.post('/emergency', ...scoped, async (req, res) => {
    const input = parse(controlEmergencySchema, req.body);
    res.json({ success: true, state: await control.emergencyOn(writerOf(req), input) });
  });
  router.delete('/emergency', ...scoped, async (req, res) => {
    const { ended, ...state } = await control.emergencyOff(writerOf(req));
    res.json({ success: true, ended, state });
  });
  return router;
}
