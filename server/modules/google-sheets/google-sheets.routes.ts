import { Router } from 'express';
import { googleSheetsSettingsInputSchema } from '../../../shared/contracts/google-sheets';
import { actorOf } from '../../lib/auth';
import { parse } from '../../lib/validate';
import type { GoogleSheetsService } from './google-sheets.service';

/**
 * /api/google-sheets (docs/product.md §API). Status and link for every signed-in user (the page is in
 * everyone's menu); the connection and the sync actions for owner/admin (DESIGN role matrix).
 */
export function googleSheetsRouter(sheets: GoogleSheetsService): Router {
  const router = Router();
  router.get('/test', async (req, res) => {
    res.json(await sheets.status(actorOf(req)));
  });
  router.get('/url', async (req, res) => {
    res.json(await sheets.url(actorOf(req)));
  });
  router.get('/settings', async (req, res) => {
    res.json(await sheets.settings(actorOf(req)));
  });
  router.put('/settings', async (req, res) => {
    res.json(await sheets.saveSettings(actorOf(req), parse(googleSheetsSettingsInputSchema, req.body)));
  });
  router.post('/sync-to-sheet', async (req, res) => {
    res.json(await sheets.syncToSheet(actorOf(req)));
  });
  router.post('/sync-from-sheet', async (req, res) => {
    res.json(await sheets.syncFromSheet(actorOf(req)));
  });
  router.post('/sync-now', async (req, res) => {
    res.json(await sheets.syncNow(actorOf(req)));
  });
  router.post('/create-sheet', async (req, res) => {
    res.json(await sheets.createSheet(actorOf(req)));
  });
  return router;
}
