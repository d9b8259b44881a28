import { Router, type Request } from 'express';
import { idParamSchema } from '../../../shared/contracts/common';
import { wireFeedInputSchema, wireListQuerySchema } from '../../../shared/contracts/wires';
import { actorOf } from '../../lib/auth';
import { parse } from '../../lib/validate';
import type { WiresService } from './wires.service';

const idOf = (req: Request) => parse(idParamSchema, req.params).id;

/**
 * /api/wires (issue 26). Items and "Make a story" for whoever may write news (news.create);
 * the feeds themselves for owner/admin (settings.manage). Another company's ids answer 404.
 */
export function wiresRouter(wires: WiresService): Router {
  const router = Router();
  // With PORT=0 the config does not know our port: no feed may read the server's own API (issue 37).
  router.use((req, _res, next) => {
    wires.noteOwnPort(req.socket.localPort);
    next();
  });

  router.get('/', async (req, res) => {
    res.json(await wires.items(actorOf(req), parse(wireListQuerySchema, req.query)));
  });
  // Feed URLs may carry an agency's key: only those who manage feeds see them.
  router.get('/feeds', async (req, res) => {
    res.json(await wires.feeds(actorOf(req)));
  });
  router.post('/feeds', async (req, res) => {
    res.status(201).json(await wires.createFeed(actorOf(req), parse(wireFeedInputSchema, req.body)));
  });
  router.put('/feeds/:id', async (req, res) => {
    res.json(await wires.updateFeed(actorOf(req), idOf(req), parse(wireFeedInputSchema, req.body)));
  });
  router.delete('/feeds/:id', async (req, res) => {
    await wires.deleteFeed(actorOf(req), idOf(req));
    res.json({ success: true });
  });
  router.post('/feeds/:id/poll', async (req, res) => {
    res.json(await wires.pollNow(actorOf(req), idOf(req)));
  });
  router.get('/sources/:id', async (req, res) => {
    res.json({ source: await wires.sourceOf(actorOf(req), idOf(req)) });
  });
  router.post('/:id/make-story', async (req, res) => {
    const result = await wires.makeStory(actorOf(req), idOf(req));
    res.status(result.created ? 201 : 200).json(result);
  });
  return router;
}
