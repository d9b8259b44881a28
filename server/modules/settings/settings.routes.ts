import { Router } from 'express';
import { updateSettingsSchema, updateTelegramGroupsSchema } from '../../../shared/contracts/settings';
import { actorOf } from '../../lib/auth';
import { parse } from '../../lib/validate';
import { ForeignFolderHttpError } from './cg-folder-checks';
import type { SettingsService } from './settings.service';

/** /api/settings (docs/product.md §API): owner/admin; the branding colours are for every signed-in user. */
export function settingsRouter(settings: SettingsService): Router {
  const router = Router();
  router.get('/branding', async (req, res) => {
    res.json(await settings.branding(actorOf(req)));
  });
  // The station's zone is every user's quiet-hours default (issue 22): everyone may read it.
  router.get('/time-zone', async (req, res) => {
    const actor = actorOf(req);
    // The weekend days too (issue 39): everyone's weekend mode applies on them.
    res.json({ timeZone: await settings.timeZone(actor), weekendDays: await settings.weekendDays(actor) });
  });
  router.get('/', async (req, res) => {
    res.json(await settings.get(actorOf(req)));
  });
  router.put('/', async (req, res) => {
    try {
      res.json(await settings.update(actorOf(req), parse(updateSettingsSchema, req.body)));
    } catch (err) {
      // The one error with fields beyond message/issues: the foreign files the user must confirm.
      if (!(err instanceof ForeignFolderHttpError)) throw err;
      res.status(409).json(err.body);
    }
  });
  return router;
}

/** /api/company/telegram-settings (docs/product.md §API): the Telegram group settings, owner/admin. */
export function telegramSettingsRouter(settings: SettingsService): Router {
  const router = Router();
  router.get('/', async (req, res) => {
    res.json(await settings.telegramGroups(actorOf(req)));
  });
  router.put('/', async (req, res) => {
    res.json(await settings.updateTelegramGroups(actorOf(req), parse(updateTelegramGroupsSchema, req.body)));
  });
  return router;
}
