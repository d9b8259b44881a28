import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import express, { Router } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../shared/roles';
import * as auth from './lib/auth';
import { errorHandler } from './lib/errors';
import { createLogger } from './lib/logger';
import { guardRoutesFromTable } from './route-table';
import { bySession, perm, route, signedIn } from './route-table-types';
import { createUser, loginDevOwner } from './test/factories';
import { createNews } from './test/news-factory';
import { startTestServer, type TestServer } from './test/test-server';

/**
 * One permission source: who may call a route is written only in server/route-table.ts; the app
 * guards each mounted route from its row, and no router carries a check of its own.
 */
const MODULES = path.join(__dirname, 'modules');
const routesFiles = fs.readdirSync(MODULES).flatMap((dir) =>
  fs
    .readdirSync(path.join(MODULES, dir))
    .filter((f) => f.endsWith('.routes.ts'))
    .map((f) => path.join(MODULES, dir, f)),
);

describe('the route table is the one place a route’s rule is written', () => {
  it('no routes file guards a route itself', () => {
    expect(routesFiles.length).toBeGreaterThan(25);
    const guarded = routesFiles.filter((file) =>
      /requirePermission|requireAuth|requireDev|requireScope|requireClearScope/.test(fs.readFileSync(file, 'utf8')),
    );
    expect(guarded.map((f) => path.relative(MODULES, f))).toEqual([]);
    // Nothing left to write one with: the guards are built from the table only.
    expect(Object.keys(auth).filter((name) => name.startsWith('require'))).toEqual([]);
  });

  describe('a bare app guarded by a table of its own', () => {
    let base = '';
    let close = () => {};
    /** The caller a request names in x-role (the real server takes it from the session). */
    const app = express();
    app.use((req, _res, next) => {
      const role = req.get('x-role') as Role | undefined;
      if (role)
        req.actor = { userId: 1, companyId: 1, role, roletype: 'user', username: role, fullName: role, tokenHash: '' };
      next();
    });
    const router = Router();
    // No guard here: the table below decides.
    router.get('/story', (_req, res) => void res.json({ ok: true }));
    router.get('/list', (_req, res) => void res.json({ ok: true }));
    app.use('/api/demo', router);
    app.use(errorHandler(createLogger('error')));
    const table = [
      route('GET', '/api/demo/story', perm('news.manage'), bySession),
      route('GET', '/api/demo/list', signedIn, bySession),
    ];
    guardRoutesFromTable(app, () => (_req, _res, next) => next(), table);

    beforeAll(async () => {
      const listening = app.listen(0, '127.0.0.1');
      await new Promise((resolve) => listening.once('listening', resolve));
      base = `http://127.0.0.1:${(listening.address() as AddressInfo).port}`;
      close = () => listening.close();
    });
    afterAll(() => close());

    const status = async (method: string, url: string, role?: Role) =>
      (await fetch(base + url, { method, headers: role ? { 'x-role': role } : {} })).status;

    it('answers as the row says: 401 without a caller, 403 without the permission, through for those who hold it', async () => {
      expect(await status('GET', '/api/demo/story')).toBe(401);
      expect(await status('GET', '/api/demo/story', 'cameraman')).toBe(403);
      expect(await status('HEAD', '/api/demo/story', 'cameraman')).toBe(403);
      expect(await status('GET', '/api/demo/story', 'editor')).toBe(200);
      expect(await status('GET', '/api/demo/list')).toBe(401);
      expect(await status('GET', '/api/demo/list', 'cameraman')).toBe(200);
    });

    it('a route without a row, or one router mounted twice, does not start', () => {
      const unlisted = express();
      unlisted.use('/api/demo', router);
      expect(() => guardRoutesFromTable(unlisted, () => (_req, _res, next) => next(), table.slice(1))).toThrow(
        'route GET /api/demo/story is served but has no entry',
      );
      const twice = express();
      const one = Router();
      one.get('/x', (_req, res) => void res.json({}));
      twice.use('/api/a', one);
      twice.use('/api/b', one);
      const rows = [
        route('GET', '/api/a/x', signedIn, bySession),
        route('GET', '/api/b/x', perm('news.manage'), bySession),
      ];
      expect(() => guardRoutesFromTable(twice, () => (_req, _res, next) => next(), rows)).toThrow(
        'one guard per route',
      );
    });
  });

  describe('the server', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer();
    });
    afterAll(() => server.close());

    it('a cameraman is refused approving a story (news.manage in the table), an editor approves it', async () => {
      const dev = await loginDevOwner(server);
      const story = await createNews(dev);
      const cameraman = await createUser(dev, server, 'cameraman');
      const editor = await createUser(dev, server, 'editor');
      expect((await cameraman.post(`/api/news/${story.id}/approve`)).status).toBe(403);
      expect((await editor.post(`/api/news/${story.id}/approve`)).status).toBe(200);
    });
  });
});
