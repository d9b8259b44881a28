import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedApiKey } from '../../../shared/contracts/api-keys';
import { loginDevOwner } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/test-server';

/**
 * Issue 39 point 7: an SPX or CasparCG HTML template served from another origin reads the texts
 * with an API key — GET /api/cg-files/sync answers cross-origin reads and the X-API-Key preflight;
 * nothing else does (never a session route, never sync read with a session).
 */
let server: TestServer;
let key: string;
const TEMPLATE_ORIGIN = 'http://10.0.0.7:5660';

beforeAll(async () => {
  server = await startTestServer();
  const dev = await loginDevOwner(server);
  key = (await dev.post<CreatedApiKey>('/api/company/api-keys', { name: 'SPX template', permissions: ['cg_files'] }))
    .body.key;
  await dev.post('/api/cg-files/update-direct', { type: 'headline', content: 'Template reads this' });
});
afterAll(() => server.close());

const call = (path: string, init: RequestInit = {}) =>
  fetch(`${server.url}${path}`, {
    ...init,
    headers: { origin: TEMPLATE_ORIGIN, ...(init.headers as Record<string, string>) },
  });

describe('GET /api/cg-files/sync across origins', () => {
  it('answers the preflight of a read with the X-API-Key header', async () => {
    const res = await call('/api/cg-files/sync', {
      method: 'OPTIONS',
      headers: { 'access-control-request-method': 'GET', 'access-control-request-headers': 'x-api-key' },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-methods')).toBe('GET');
    expect(res.headers.get('access-control-allow-headers')?.toLowerCase()).toBe('x-api-key');
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
  });

  it('lets a template read the texts with ?apiKey= or X-API-Key', async () => {
    for (const res of [
      await call(`/api/cg-files/sync?apiKey=${key}`),
      await call('/api/cg-files/sync', { headers: { 'x-api-key': key } }),
    ]) {
      expect(res.status).toBe(200);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
      expect(((await res.json()) as { files: Record<string, string> }).files.headline).toBe('Template reads this');
    }
  });

  it('lets a template read why a key is refused', async () => {
    const res = await call('/api/cg-files/sync?apiKey=cgb_not-a-key');
    expect(res.status).toBe(401);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('never opens a session read to another origin', async () => {
    const dev = await loginDevOwner(server);
    const bearer = { authorization: `Bearer ${dev.token}` };
    const synced = await call('/api/cg-files/sync', { headers: bearer });
    expect(synced.status).toBe(200);
    expect(synced.headers.get('access-control-allow-origin')).toBeNull();
    for (const path of ['/api/cg-files', '/api/auth/me', '/api/news']) {
      const res = await call(path, { headers: bearer });
      expect(res.status, path).toBe(200);
      expect(res.headers.get('access-control-allow-origin'), path).toBeNull();
      const preflight = await call(path, {
        method: 'OPTIONS',
        headers: { 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
      });
      expect(preflight.headers.get('access-control-allow-origin'), path).toBeNull();
    }
  });
});
