import { Router } from 'express';
import { idParamSchema } from '../../../shared/contracts/common';
import { createUserSchema, updateUserSchema } from '../../../shared/contracts/users';
import { actorOf } from '../../lib/auth';
import { parse } from '../../lib/validate';
import type { UsersService } from './users.service';

export function usersRouter(users: UsersService): Router {
  const router = Router();

  router.get('/', async (req, res) => {
    res.json(await users.list(actorOf(req)));
  });

  router.get('/:id', async (req, res) => {
    const { id } = parse(idParamSchema, req.params);
    res.json(await users.get(actorOf(req), id));
  });

  router.post('/', async (req, res) => {
    const input = parse(createUserSchema, req.body);
    res.status(201).json(await users.create(actorOf(req), input));
  });

  router.put('/:id', async (req, res) => {
    const { id } = parse(idParamSchema, req.params);
    const input = parse(updateUserSchema, req.body);
    res.json(await users.update(actorOf(req), id, input));
  });

  router.delete('/:id', async (req, res) => {
    const { id } = parse(idParamSchema, req.params);
    await users.remove(actorOf(req), id);
    res.json({ success: true });
  });

  return router;
}
