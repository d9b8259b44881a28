import { Router, type Request, type Response } from 'express';
import { idParamSchema } from '../../../shared/contracts/common';
import { NEWS_RETURN_KINDS, sendBackNewsSchema, type NewsReturnKind } from '../../../shared/contracts/news';
import { actorOf } from '../../lib/auth';
import { parse } from '../../lib/validate';
import { OnAirStoryHttpError, type NewsSendBack } from './news-send-back';

const ROUTE: Record<NewsReturnKind, string> = { rejected: '/:id/reject', unapproved: '/:id/unapprove' };

/** POST /api/news/:id/reject and /api/news/:id/unapprove (issue 26): editors send a story back. */
export function newsSendBackRouter(sendBack: NewsSendBack): Router {
  const router = Router();
  for (const kind of NEWS_RETURN_KINDS) {
    router.post(ROUTE[kind], async (req: Request, res: Response) => {
      const { id } = parse(idParamSchema, req.params);
      try {
        res.json(await sendBack.sendBack(actorOf(req), id, kind, parse(sendBackNewsSchema, req.body)));
      } catch (err) {
        // The one answer with fields beyond message: the bulletins on air the editor must confirm.
        if (!(err instanceof OnAirStoryHttpError)) throw err;
        res.status(409).json(err.body);
      }
    });
  }
  return router;
}
