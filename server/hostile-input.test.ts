import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTE_TABLE, routeKey } from './route-table';
import type { RouteEntry } from './route-table-types';
import { loginDevOwner } from './test/factories';
import { VALID_BASES, fieldCases } from './test/hostile-bases';
import { contractAccepts, fieldsOf, hostileCases, storedState } from './test/hostile-cases';
import { seederFor } from './test/matrix-seeds';
import { requestFor } from './test/route-matrix-support';
import { startTestServer, type TestServer } from './test/test-server';
import type { ApiClient } from './test/api-client';

/**
 * Every body-taking route of server/route-table.ts gets the hostile bodies of test/hostile-cases.ts
 * from a caller the route allows (the first owner, roletype dev: every rule lets them through).
 * A body the contract refuses must get a 4xx JSON with a message and store nothing; none may get
 * a 500 (a body the contract accepts may meet the station's state: no Telegram bot is a 503);
 * the server answers /api/health after each; nothing pollutes Object.prototype.
 */
let server: TestServer;
let caller: ApiClient & { user: { companyId: number } };
beforeAll(async () => {
  server = await startTestServer();
  caller = await loginDevOwner(server);
});
afterAll(async () => {
  await server?.close();
});

const bodyRoutes = ROUTE_TABLE.filter((r) => r.body !== null);

async function pathOf(entry: RouteEntry, seed: ReturnType<typeof seederFor>): Promise<string> {
  const id =
    entry.scope.kind === 'record' && !entry.scope.param.startsWith('body.') ? await seed(entry.scope.record) : null;
  return requestFor(entry, caller.user.companyId, id).path;
}

describe('hostile input on every body-taking route', () => {
  it('refused bodies get a 4xx JSON with a message and store nothing; nothing gets a 5xx', async () => {
    const seed = seederFor(caller);
    const defects: string[] = [];
    let refused = 0;
    let accepted = 0;
    for (const entry of bodyRoutes) {
      const url = await pathOf(entry, seed);
      const base = VALID_BASES[routeKey(entry)];
      for (const c of [...hostileCases(fieldsOf(entry.body)), ...(base ? fieldCases(base) : [])]) {
        const valid = contractAccepts(entry.body, c.raw);
        // cg.json is written after the commit, coalesced, and as-run rows in batches: an earlier valid case's must land first.
        await server.services.cgFiles.flush();
        await server.asRunRecorder.flush();
        const before = await storedState(server, [server.baseDir]);
        const res = await caller.request<{ message?: unknown }>(entry.method, url, c.raw, {
          'content-type': 'application/json',
        });
        const where = `${routeKey(entry)} [${c.label}] → ${res.status} ${JSON.stringify(res.body).slice(0, 140)}`;
        // Valid input may meet the station's state (no Telegram bot: a deliberate 503); a 500 never.
        if (res.status === 500 || (res.status > 500 && !valid)) defects.push(`5xx: ${where}`);
        if (valid) {
          accepted += 1;
          if (process.env.HOSTILE_VERBOSE) console.log(`valid by the contract: ${where}`);
        }
        const message = res.body && typeof res.body === 'object' ? res.body.message : undefined;
        if (!valid) refused += 1;
        if (!valid && (res.status < 400 || res.status >= 500 || typeof message !== 'string' || message === ''))
          defects.push(`not a 4xx JSON with a message: ${where}`);
        // A refusal — by the contract or by the service — leaves everything as it was.
        if (!valid || (res.status >= 400 && res.status < 500)) {
          await server.services.cgFiles.flush();
          await server.asRunRecorder.flush();
          if ((await storedState(server, [server.baseDir])) !== before) defects.push(`stored something: ${where}`);
        }
        const health = (await caller.get('/api/health')).status;
        if (health !== 200) defects.push(`unhealthy (${health}) after ${where}`);
        if (({} as Record<string, unknown>).polluted !== undefined)
          defects.push(`Object.prototype polluted by ${where}`);
      }
    }
    console.log(
      `hostile input: ${refused + accepted} cases over ${bodyRoutes.length} body-taking routes (${refused} refused by the contract, ${accepted} valid input by the contract)`,
    );
    expect(defects).toEqual([]);
    expect(bodyRoutes.every((r) => hostileCases(fieldsOf(r.body)).length >= 8)).toBe(true);
  }, 240_000);

  it('a Windows drive path as the CG folder is refused on every platform, nothing created', async () => {
    // On Windows it is a system folder; on Linux it used to become a folder named "C:\Windows\…" in the base directory.
    for (const cgOutputPath of ['C:\\Windows\\System32\\config\\SAM', 'D:/cg_output']) {
      const res = await caller.put<{ message: string }>('/api/settings', { cgOutputPath });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.message).toMatch(/Windows path|system folder/);
      expect(fs.readdirSync(server.baseDir).filter((f) => /^[A-Za-z]:/.test(f))).toEqual([]);
    }
  });

  it('an app version’s Download URL is an http(s) link or one of our uploads: a script or path link is refused', async () => {
    // The URL is opened by other users (devs see every station's): a javascript: link would run in their session.
    const body = { latestVersion: '1.0.0', releaseNotes: 'Notes', downloadFileName: 'Setup.exe' };
    expect([201, 409]).toContain((await caller.post('/api/app-version', body)).status);
    for (const downloadUrl of [
      'javascript:alert(document.cookie)',
      ' JavaScript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      '../../../../etc/passwd',
      'C:\\Windows\\setup.exe',
      'file:///etc/passwd',
    ]) {
      const res = await caller.put<{ message: string }>('/api/app-version', { ...body, downloadUrl });
      expect(res.status, `${downloadUrl}: ${JSON.stringify(res.body)}`).toBe(400);
      expect(res.body.message).toMatch(/Download URL/);
    }
    for (const downloadUrl of [
      'https://example.com/Setup.exe',
      'http://10.0.0.5/Setup.exe',
      `/api/app-version/files/${'a'.repeat(32)}`,
    ]) {
      const res = await caller.put('/api/app-version', { ...body, downloadUrl });
      expect(res.status, `${downloadUrl}: ${JSON.stringify(res.body)}`).toBe(200);
    }
  });
});
