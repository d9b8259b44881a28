import { Router } from 'express';
import { idParamSchema } from '../../../shared/contracts/common';
import { restoreRevisionSchema, revisionParamsSchema } from '../../../shared/contracts/news';
import { actorOf } from '../../lib/auth';
import { parse } from '../../lib/validate';
import type { NewsRevisions } from './news-revisions';

/** GET /api/news/:id/revisions, POST /api/news/:id/revisions/:revisionId/restore (issue 26). */
export function newsRevisionsRouter(revisions: NewsRevisions): Router {
  const router = Router();
  router.get('/:id/revisions', async (req, res) => {
    res.json(await revisions.list(actorOf(req), parse(idParamSchema, req.params).id));
  });
  // Who may restore is who may edit the story (news.create for their own draft, else news.manage):
  // NewsService.update decides, as for any edit.
  // The story and the right to edit it are checked before the revision id and the body: another
  // station's story is a 404 and a story one may not edit a 403, whatever else was sent.
  router.post('/:id/revisions/:revisionId/restore', async (req, res) => {
    const actor = actorOf(req);
    await revisions.requireEditable(actor, parse(idParamSchema, req.params).id);
    const { id, revisionId } = parse(revisionParamsSchema, req.params);
    res.json(await revisions.restore(actor, id, revisionId, parse(restoreRevisionSchema, req.body).version));
  });
  return router;
}
