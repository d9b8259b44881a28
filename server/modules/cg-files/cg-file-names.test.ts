import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CgFile } from '../../../shared/contracts/cg-files';
import type { UpdateSettingsResponse } from '../../../shared/contracts/settings';
import { createStation } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/test-server';

/**
 * Issue 39 point 6: the CG File Centre's "File Name" and "Output Path" were saved and ignored
 * (timer set to match_clock.txt in another folder was still timer.txt in the CG folder; the
 * placeholder read ./cg_output after a move). Decision (docs/decisions.md): every type is written as
 * <type>.txt in the station's one CG folder — the file centre neither renames nor relocates a file;
 * a request that tries is refused, and the file centre shows where each file really is.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const fileOf = async (client: Awaited<ReturnType<typeof createStation>>['owner'], type: string) =>
  (await client.get<CgFile[]>('/api/cg-files')).body.find((f) => f.type === type);

describe('file centre: the file name and folder are the real ones', () => {
  it('refuses another file name or folder for a file (400); nothing is saved and the file stays timer.txt', async () => {
    const { owner, folder, readCg } = await createStation(server);
    const created = await owner.post<CgFile>('/api/cg-files', { type: 'timer', content: '45:00' });
    expect(created.status).toBe(201);
    const renamed = await owner.put<{ message: string }>(`/api/cg-files/${created.body.id}`, {
      content: '46:00',
      fileName: 'match_clock.txt',
    });
    expect(renamed.status).toBe(400);
    expect(renamed.body.message).toMatch(/timer\.txt/);
    const moved = await owner.put<{ message: string }>(`/api/cg-files/${created.body.id}`, {
      content: '46:00',
      outputPath: path.join(server.baseDir, 'elsewhere'),
    });
    expect(moved.status).toBe(400);
    expect(moved.body.message).toMatch(/Settings → CG Configuration/);
    const added = await owner.post<{ message: string }>('/api/cg-files', {
      type: 'score1',
      content: '1',
      fileName: 'home_score.txt',
    });
    expect(added.status).toBe(400);
    expect(readCg('timer')).toBe('45:00');
    expect(readCg('score1')).toBeNull();
    expect(fs.existsSync(path.join(folder, 'match_clock.txt'))).toBe(false);
    expect(await fileOf(owner, 'timer')).toMatchObject({ fileName: 'timer.txt', content: '45:00' });
  });

  it('accepts the file name and folder a file already has (an old client sending them back)', async () => {
    const { owner, folder } = await createStation(server);
    const created = (
      await owner.post<CgFile>('/api/cg-files', { type: 'infoline', content: 'Roads', fileName: 'infoline.txt' })
    ).body;
    const res = await owner.put<CgFile>(`/api/cg-files/${created.id}`, {
      content: 'Roads open',
      fileName: 'infoline.txt',
      outputPath: folder,
    });
    expect(res.status).toBe(200);
    expect(res.body.content).toBe('Roads open');
  });

  it('shows each file in the station’s real folder, and the new folder after a move', async () => {
    const { owner, folder, companyId } = await createStation(server);
    await owner.post('/api/cg-files', { type: 'timer', content: '10:00' });
    expect(await fileOf(owner, 'timer')).toMatchObject({ fileName: 'timer.txt', outputPath: folder });
    const moved = await owner.put<UpdateSettingsResponse>('/api/settings', {
      cgOutputPath: `./match-graphics-${companyId}`,
    });
    expect(moved.status).toBe(200);
    const target = path.join(server.baseDir, `match-graphics-${companyId}`);
    expect(await fileOf(owner, 'timer')).toMatchObject({ fileName: 'timer.txt', outputPath: target });
    expect(fs.readFileSync(path.join(target, 'timer.txt'), 'utf8')).toBe('10:00');
  });
});
