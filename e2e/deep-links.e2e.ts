import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page, Response } from 'playwright-core';
import type { Equipment } from '../shared/contracts/equipment';
import type { Prompter } from '../shared/contracts/prompters';
import { REPO_ROOT } from '../server/config';
import { loginDevOwner } from '../server/test/factories';
import { DEV_OWNER } from '../server/test/test-server';
import { PHONE, useApp } from './support/app-fixture';
import { login, visible } from './support/pages';

const execFileAsync = promisify(execFile);

/** Runs a build as `npm run …` would: without vitest's NODE_ENV=test (Vite would honour it). */
function run(file: string, args: string[]) {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== 'NODE_ENV'));
  return execFileAsync(file, args, { cwd: REPO_ROOT, env, maxBuffer: 16 * 1024 * 1024 });
}

/**
 * Issue 22 point 14: `npm run build` (electron-vite) builds the renderer that `npm start` and the
 * desktop window serve. Built here exactly as that script does (same CLI, same config), only into
 * a temp folder so the worktree's out/ is left alone, then served by a real server.
 */
async function desktopBuild(outDir: string): Promise<string> {
  const cli = path.join(REPO_ROOT, 'node_modules', '.bin', 'electron-vite');
  await run(cli, ['build', '--outDir', outDir, '--logLevel', 'error']);
  return path.join(outDir, 'renderer');
}

/** `npm run build:web` (scripts/build-web.mjs), into a temp folder. */
async function webBuild(outDir: string): Promise<string> {
  await run(process.execPath, [path.join(REPO_ROOT, 'scripts', 'build-web.mjs'), '--out-dir', outDir]);
  return outDir;
}

/** Relative path → SHA-256 of every file in a build. */
function fingerprint(dir: string): Record<string, string> {
  const files = fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
  return Object.fromEntries(
    files.map((entry) => {
      const full = path.join(entry.parentPath, entry.name);
      return [path.relative(dir, full), crypto.createHash('sha256').update(fs.readFileSync(full)).digest('hex')];
    }),
  );
}

/** Every same-origin response that is not the API: assets must come from /assets/ and arrive. */
function watchAssets(page: Page, origin: string): { problems: string[] } {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('response', (response: Response) => {
    const url = new URL(response.url());
    const type = response.request().resourceType();
    if (url.pathname.startsWith('/api/') || !['script', 'stylesheet', 'font', 'image'].includes(type)) return;
    if (url.origin !== origin) return;
    const contentType = response.headers()['content-type'] ?? '';
    // The SPA fallback answers a wrong asset path with index.html (200, text/html): a blank page too.
    if (response.status() >= 400 || !url.pathname.startsWith('/assets/') || contentType.startsWith('text/html')) {
      problems.push(`${response.status()} ${contentType} ${url.pathname}`);
    }
  });
  return { problems };
}

describe('Deep links against the desktop build (npm run build)', () => {
  let tmp = '';
  let desktopUi = '';
  let webUi = '';
  beforeAll(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cgb-builds-'));
    desktopUi = await desktopBuild(path.join(tmp, 'desktop'));
    webUi = await webBuild(path.join(tmp, 'web'));
  }, 180_000);
  afterAll(() => {
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  });
  const app = useApp(() => ({ webDir: desktopUi }));

  it('asks for its assets at /assets/, whatever the page depth', () => {
    const html = fs.readFileSync(path.join(desktopUi, 'index.html'), 'utf8');
    const refs = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1] ?? '');
    expect(refs.length).toBeGreaterThan(0);
    expect(refs.filter((ref) => !ref.startsWith('/assets/'))).toEqual([]);
  });

  it('is the same UI, file for file, as `npm run build:web` (one build for the desktop window and LAN browsers)', () => {
    const web = fingerprint(webUi);
    expect(Object.keys(web).length).toBeGreaterThan(10);
    expect(fingerprint(desktopUi)).toEqual(web);
  });

  it('opens /prompter/<id>/follow, /field/equipment/<code> and /equipment/labels?ids= with their content and every asset', async () => {
    const owner = await loginDevOwner(app.server);
    const prompter = (await owner.post<Prompter>('/api/prompters', { name: 'Deep link prompter' })).body;
    const item = (
      await owner.post<Equipment>('/api/equipment', {
        code: 'CAM-007',
        name: 'Sony FX6 deep link',
        location: 'Store',
        quantity: 1,
      })
    ).body;

    const page = await app.newPage(PHONE);
    await login(page, DEV_OWNER.username, DEV_OWNER.password);
    const watch = watchAssets(page, new URL(app.server.url).origin);
    /** Opens a deep link and waits for its content; a blank page fails with the asset problems seen. */
    const open = async (target: string, content: Locator): Promise<Locator> => {
      await page.goto(target);
      try {
        return await visible(content);
      } catch (error) {
        await page.screenshot({ path: path.join(REPO_ROOT, '.scratch', 'deep-link-blank.png') }).catch(() => undefined);
        throw new Error(`${target} shows no content; assets: ${watch.problems.join('; ') || 'none failed'}`, {
          cause: error,
        });
      }
    };

    await open(`/prompter/${prompter.id}/follow`, page.getByText('Waiting for the operator’s screen…'));
    const card = await open(`/field/equipment/${item.code}`, page.getByTestId('field-equipment-item'));
    await visible(card.getByRole('heading', { name: item.name }));
    const label = await open(`/equipment/labels?ids=${item.id}`, page.getByTestId('equipment-label'));
    expect(await label.getAttribute('data-code')).toBe(item.code);

    expect(watch.problems).toEqual([]);
  });
});
