import fs from 'node:fs';
import path from 'node:path';
import { Router } from 'express';
import type { OverlayService } from './overlay.service';

/** The built overlay entry (renderer/overlay.html → out/renderer/overlay.html). */
export const OVERLAY_PAGE_FILE = 'overlay.html';

/**
 * What a graphics program gets for a key that is not (or no longer) valid: a 404 whose page is
 * transparent and empty, so an OBS / vMix / CasparCG source reloaded after a rotation puts
 * nothing on air — not an error text over the programme.
 */
const BLANK_PAGE =
  '<!doctype html><html><head><meta charset="utf-8"><title>Overlay not found</title><style>html,body{background:transparent;margin:0}</style></head><body></body></html>';

/**
 * GET /overlay/:key (issue 25): the overlay page, without login. The page itself holds no data
 * (it asks /overlay-ws with the key), but only a valid key gets it, so a mistyped or rotated URL
 * is visibly "not found" in a browser while staying blank on air.
 */
export function overlayPageRouter(overlay: OverlayService, webDir: string | null): Router {
  const router = Router();
  router.get('/:key', async (req, res) => {
    // The key is the credential: never cached by a proxy or the browser, never sent on as a referrer.
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('Referrer-Policy', 'no-referrer');
    if ((await overlay.companyForKey(req.params.key)) === null) {
      res.status(404).type('html').send(BLANK_PAGE);
      return;
    }
    const file = webDir ? path.join(webDir, OVERLAY_PAGE_FILE) : null;
    if (!file || !fs.existsSync(file)) {
      res.status(503).type('text').send('The web UI is not built. Run `npm run build:web`.');
      return;
    }
    res.sendFile(file);
  });
  return router;
}
