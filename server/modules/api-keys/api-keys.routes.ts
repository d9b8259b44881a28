import { Router } from 'express';
import { createApiKeySchema, updateApiKeySchema } from '../../../shared/contracts/api-keys';
import { idParamSchema } from '../../../shared/contracts/common';
import { actorOf } from '../../lib/auth';
import { parse } from '../../lib/validate';
import type { ApiKeysService } from './api-keys.service';

/** /api/company/api-keys (docs/product.md §API) — owner/admin. */
export function apiKeysRouter(keys: ApiKeysService): Router {
  const router = Router();
  router.get('/', async (req, res) => {
    res.json(await keys.list(actorOf(req)));
  });
  router.post('/', async (req, res) => {
    res.status(201).json(await keys.create(actorOf(req), parse(createApiKeySchema, req.body)));
  });
  router.patch('/:id', async (req, res) => {
    const { id } = parse(idParamSchema, req.params);
    res.json(await keys.setActive(actorOf(req), id, parse(updateApiKeySchema, req.body).isActive));
  });
  router.delete('/:id', async (req, res) => {
    await keys.remove(actorOf(req), parse(idParamSchema, req.params).id);
    res.json({ success: true });
  });
  return router;
}
