import { Router, type Request } from 'express';
import type { z } from 'zod';
import { createBulletinSchema, updateBulletinSchema } from '../../../shared/contracts/bulletins';
import { idParamSchema } from '../../../shared/contracts/common';
import { actorOf } from '../../lib/auth';
import { HttpError } from '../../lib/errors';
import { parse } from '../../lib/validate';
import type { BulletinsService } from './bulletins.service';

const idOf = (req: Request) => parse(idParamSchema, req.params).id;

/**
 * The form's messages are the spec's, verbatim ('Title is required'), so the toast shows them as
 * they are: the first issue's message without the "field: " prefix; `issues` still names fields.
 */
function parseForm<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  try {
    return parse(schema, body);
  } catch (err) {
    const first = err instanceof HttpError ? err.issues?.[0] : undefined;
    if (err instanceof HttpError && first) throw new HttpError(400, first.message, err.issues);
    throw err;
  }
}

/** /api/bulletins — read by every role (CG preview, prompter); changed by owner/admin/editor/mcr. */
export function bulletinsRouter(bulletins: BulletinsService): Router {
  const router = Router();

  router.get('/', async (req, res) => {
    res.json(await bulletins.list(actorOf(req)));
  });
  router.post('/', async (req, res) => {
    res.status(201).json(await bulletins.create(actorOf(req), parseForm(createBulletinSchema, req.body)));
  });
  router.put('/:id', async (req, res) => {
    const id = idOf(req);
    res.json(await bulletins.update(actorOf(req), id, parseForm(updateBulletinSchema, req.body)));
  });
  router.delete('/:id', async (req, res) => {
    await bulletins.remove(actorOf(req), idOf(req));
    res.json({ success: true });
  });
  return router;
}
