import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { Router } from 'express';
import { z } from 'zod';
import { restoreBackupSchema, updateBackupSettingsSchema } from '../../../shared/contracts/backups';
import { actorOf } from '../../lib/auth';
import { parse } from '../../lib/validate';
import type { BackupsService } from './backups.service';

const downloadQuerySchema = z.object({ name: z.string().max(200).optional() });

/** /api/backups (issue 41) — the host station's owner and roletype dev (BackupsService.assertAllowed). */
export function backupsRouter(backups: BackupsService): Router {
  const router = Router();
  router.get('/', (req, res) => {
    res.json(backups.overview(actorOf(req)));
  });
  router.post('/', async (req, res) => {
    res.status(201).json(await backups.backUpNow(actorOf(req)));
  });
  router.get('/download', async (req, res) => {
    const { name } = parse(downloadQuerySchema, req.query);
    const chosen = await backups.download(actorOf(req), name);
    res.setHeader('Content-Type', 'application/vnd.sqlite3');
    res.setHeader('Content-Length', String(chosen.bytes));
    res.setHeader('Content-Disposition', `attachment; filename="${chosen.name}"`);
    // Streamed: a 1 GB store is never read into memory.
    await pipeline(fs.createReadStream(chosen.file), res);
  });
  // 202: accepted; the server answers, tells every client, and restarts on the backup.
  router.post('/restore', async (req, res) => {
    res.status(202).json(await backups.restore(actorOf(req), parse(restoreBackupSchema, req.body)));
  });
  router.put('/settings', async (req, res) => {
    res.json(await backups.updateSettings(actorOf(req), parse(updateBackupSettingsSchema, req.body)));
  });
  return router;
}
