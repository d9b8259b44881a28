import { Router, type Request } from 'express';
import { idParamSchema } from '../../../shared/contracts/common';
import {
  createPrompterSchema,
  endPrompterSessionSchema,
  updatePrompterSchema,
} from '../../../shared/contracts/prompters';
import { actorOf } from '../../lib/auth';
import { parse } from '../../lib/validate';
import type { PromptersService } from './prompters.service';

const idOf = (req: Request) => parse(idParamSchema, req.params).id;

/** /api/prompters (docs/product.md §API): every role reads; owner/admin create, edit and delete. */
export function promptersRouter(prompters: PromptersService): Router {
  const router = Router();
  router.get('/', async (req, res) => {
    res.json(await prompters.list(actorOf(req)));
  });
  router.post('/', async (req, res) => {
    res.status(201).json(await prompters.create(actorOf(req), parse(createPrompterSchema, req.body)));
  });
  router.put('/:id', async (req, res) => {
    const id = idOf(req);
    res.json(await prompters.update(actorOf(req), id, parse(updatePrompterSchema, req.body)));
  });
  router.delete('/:id', async (req, res) => {
    await prompters.remove(actorOf(req), idOf(req));
    res.json({ success: true });
  });
  router.get('/:id/content', async (req, res) => {
    res.json(await prompters.content(actorOf(req), idOf(req)));
  });
  router.post('/:id/sessions', async (req, res) => {
    res.status(201).json(await prompters.startSession(actorOf(req), idOf(req)));
  });
  return router;
}

/** /api/prompter-sessions/:id/end — the reader, or owner/admin. */
export function prompterSessionsRouter(prompters: PromptersService): Router {
  const router = Router();
  router.put('/:id/end', async (req, res) => {
    const id = idOf(req);
    res.json(await prompters.endSession(actorOf(req), id, parse(endPrompterSessionSchema, req.body)));
  });
  return router;
}
