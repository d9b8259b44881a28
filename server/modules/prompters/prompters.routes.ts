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
  router.get('/', (req, res) => {
    res.json(prompters.list(actorOf(req)));
  });
  router.post('/', (req, res) => {
    res.status(201).json(prompters.create(actorOf(req), parse(createPrompterSchema, req.body)));
  });
  router.put('/:id', (req, res) => {
    const id = idOf(req);
    res.json(prompters.update(actorOf(req), id, parse(updatePrompterSchema, req.body)));
  });
  router.delete('/:id', (req, res) => {
    prompters.remove(actorOf(req), idOf(req));
    res.json({ success: true });
  });
  router.get('/:id/content', (req, res) => {
    res.json(prompters.content(actorOf(req), idOf(req)));
  });
  router.post('/:id/sessions', (req, res) => {
    res.status(201).json(prompters.startSession(actorOf(req), idOf(req)));
  });
  return router;
}

/** /api/prompter-sessions/:id/end — the reader, or owner/admin. */
export function prompterSessionsRouter(prompters: PromptersService): Router {
  const router = Router();
  router.put('/:id/end', (req, res) => {
    const id = idOf(req);
    res.json(prompters.endSession(actorOf(req), id, parse(endPrompterSessionSchema, req.body)));
  });
  return router;
}
