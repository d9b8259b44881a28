import { Router } from 'express';
import { moveToPostgresSchema } from '../../../shared/contracts/store-move';
import { actorOf } from '../../lib/auth';
import { parse } from '../../lib/validate';
import type { StoreMoveService } from './store-move.service';

/**
 * /api/system/store and /api/system/move-to-postgres (issue 42): where this server keeps its data,
 * and the move from the SQLite file to PostgreSQL — owner or roletype dev by the route table; the
 * move narrows to the host station's owner in the service.
 */
export function storeMoveRouter(stores: StoreMoveService): Router {
  const router = Router();
  router.get('/store', async (req, res) => {
    res.json(await stores.view(actorOf(req)));
  });
  // 202: accepted; the server answers, tells every client, moves and restarts on PostgreSQL.
  router.post('/move-to-postgres', async (req, res) => {
    res.status(202).json(await stores.move(actorOf(req), parse(moveToPostgresSchema, req.body)));
  });
  return router;
}
