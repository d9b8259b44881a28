import { Router } from 'express';
import { loginRequestSchema } from '../../../shared/contracts/auth';
import { actorOf } from '../../lib/auth';
import { parse } from '../../lib/validate';
import type { UsersService } from '../users/users.service';
import type { AuthService } from './auth.service';

export function authRouter(auth: AuthService, users: UsersService): Router {
  const router = Router();

  router.post('/login', async (req, res) => {
    const input = parse(loginRequestSchema, req.body);
    res.json(await auth.login(input, req.ip ?? 'unknown'));
  });

  router.get('/me', async (req, res) => {
    const actor = actorOf(req);
    res.json(await users.get(actor, actor.userId));
  });

  router.post('/logout', async (req, res) => {
    await auth.logout(actorOf(req));
    res.json({ success: true });
  });

  return router;
}
