import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedApiKey } from '../shared/contracts/api-keys';
import { REPO_ROOT } from '../server/config';
import { loginDevOwner } from '../server/test/factories';
import { useApp } from './support/app-fixture';

/**
 * Issue 39 point 7: the documented HTML template sample (docs/templates/cg-sync-template.html),
 * served from another origin as SPX or CasparCG would, reads the texts with an API key — and a
 * page on that origin still cannot use a session route.
 */
const SAMPLE = fs.readFileSync(path.join(REPO_ROOT, 'docs', 'templates', 'cg-sync-template.html'), 'utf8');

describe('an HTML template on another origin', () => {
  const app = useApp();
  let templates: http.Server;
  let templateOrigin: string;

  beforeAll(async () => {
    templates = http.createServer((_req, res) =>
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(SAMPLE),
    );
    await new Promise<void>((resolve) => templates.listen(0, '127.0.0.1', resolve));
    templateOrigin = `http://127.0.0.1:${(templates.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => templates.close(() => resolve())));

  it('shows the headline on air through GET /api/cg-files/sync with X-API-Key, and follows a change', async () => {
    const owner = await loginDevOwner(app.server);
    const { key } = (
      await owner.post<CreatedApiKey>('/api/company/api-keys', { name: 'SPX template', permissions: ['cg_files'] })
    ).body;
    await owner.post('/api/cg-files/update-direct', {
      type: 'headline',
      content: 'Template headline',
      subheadline: 'ނޫސް',
    });
    expect(new URL(templateOrigin).origin).not.toBe(new URL(app.server.url).origin);

    const context = await app.browser.newContext();
    const page = await context.newPage();
    try {
      await page.goto(
        `${templateOrigin}/cg-sync-template.html?server=${encodeURIComponent(app.server.url)}&key=${key}`,
      );
      await expect.poll(() => page.locator('#headline').textContent(), { timeout: 10_000 }).toBe('Template headline');
      expect(await page.locator('#subheadline').textContent()).toBe('ނޫސް');
      expect(await page.locator('body').getAttribute('data-error')).toBeNull();
      await owner.post('/api/cg-files/update-direct', { type: 'headline', content: 'Changed on air' });
      await expect.poll(() => page.locator('#headline').textContent(), { timeout: 10_000 }).toBe('Changed on air');

      // The same page cannot read a session route, even holding a valid session token.
      const blocked = await page.evaluate(
        async ({ url, token }) =>
          fetch(`${url}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } }).then(
            () => 'read',
            (e: Error) => e.name,
          ),
        { url: app.server.url, token: owner.token! },
      );
      expect(blocked).toBe('TypeError');
    } finally {
      await context.close();
    }
  });
});
