import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CgFile } from '../../../shared/contracts/cg-files';
import { loginDevOwner } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/test-server';
import { TestSocket } from '../../test/ws-client';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('when the CG folder cannot be written', () => {
  it('answers 503 with a clear message, alerts the operators and commits nothing', async () => {
    const dev = await loginDevOwner(server);
    await dev.post('/api/cg-files/update-direct', { type: 'headline', content: 'On air now' });
    await server.services.cgFiles.flush(); // its cg.json is written after the response
    const socket = await TestSocket.authed(server.url, dev.token!, dev.user.id);
    // Replace the output folder by a plain file: every write into it now fails for real.
    const folder = path.join(server.baseDir, 'cg_output');
    fs.rmSync(folder, { recursive: true });
    fs.writeFileSync(folder, 'not a folder');
    const res = await dev.post<{ message: string }>('/api/cg-files/update-direct', {
      type: 'headline',
      content: 'Never aired',
    });
    expect(res.status).toBe(503);
    expect(res.body.message).toMatch(/^CG output could not be written/);
    const alert = await socket.waitFor('cg_write_failed');
    expect(alert.data).toMatchObject({ types: ['headline'] });
    const list = await dev.get<CgFile[]>('/api/cg-files');
    expect(list.body.find((f) => f.type === 'headline')?.content).toBe('On air now');
    expect(socket.messages.some((m) => m.type === 'cg_file_updated')).toBe(false);
    // Once the folder is back, writes work again.
    fs.rmSync(folder);
    expect((await dev.post('/api/cg-files/update-direct', { type: 'headline', content: 'Back' })).status).toBe(200);
    socket.close();
  });
});
