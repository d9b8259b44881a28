import { Router } from 'express';
import { createApiKeySchema, updateApiKeySchema } from '../../../shared/contracts/api-keys';
import { idParamSchema } from '../../../shared/contracts/common';
import { actorOf } from '../../lib/auth';
import { parse } from '../../lib/validate';
import type { ApiKeysService } from './api-keys.service';

/** /api/company/api-keys (docs/product.md §API) — owner/admin. */
export function apiKeysRouter(keys: ApiKeysService): Router {
  const router = Router();
  router.get('/', (req, res) => {
    res.json(keys.list(actorOf(req)));
  });
  router.post('/', (req, res) => {
    res.status(201).json(keys.create(actorOf(req), parse(createApiKeySchema, req.body)));
  });
  router.patch('/:id', (req, res) => {
    const { id } = parse(idParamSchema, req.params);
    res.json(keys.setActive(actorOf(req), id, parse(updateApiKeySchema, req.body).isActive));
  });
  router.delete('/:id', (req, res) => {
    keys.remove(actorOf(req), parse(idParamSchema, req.params).id);
    res.json({ success: true });
  });
  return router;
}
