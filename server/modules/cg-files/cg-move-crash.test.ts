import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CG_TYPES } from '../../../shared/constants';
import type { CgFile } from '../../../shared/contracts/cg-files';
import type { LoginResponse } from '../../../shared/contracts/auth';
import type { Settings } from '../../../shared/contracts/settings';
import { ApiClient } from '../../test/api-client';
import { spawnServer, type SpawnedServer } from '../../test/spawn-server';
import { startTestServer } from '../../test/test-server';

const baseDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cgb-move-crash-'));
afterAll(() => fs.rmSync(baseDir, { recursive: true, force: true }));

/** Every name we write in a CG folder. */
const OUR_NAMES = [...CG_TYPES.map((t) => `${t}.txt`), 'cg.json'];
const FOLDERS = ['cg_output', 'move-a', 'move-b'];
const TYPES = CG_TYPES.filter((t) => t !== 'news_crawler' && t !== 'timer');

async function signIn(proc: SpawnedServer): Promise<ApiClient> {
  const client = new ApiClient(proc.url);
  const res = await client.post<LoginResponse>('/api/auth/login', { username: 'owner', password: 'owner-password' });
  expect(res.status).toBe(200);
  client.token = res.body.token;
  return client;
}

const ourFilesIn = (folder: string) =>
  fs.existsSync(folder) ? fs.readdirSync(folder).filter((n) => OUR_NAMES.includes(n)) : [];

/**
 * Issue 22 point 7: kill -9 while the CG folder moves (the files being copied, the path
 * committing, the old files leaving). After the restart the files are in ONE folder — the one
 * the database names — equal to the database, and no other folder holds any file of ours.
 */
describe('a crash during a CG folder move', () => {
  it(
    'leaves the files in the current folder only, equal to the DB, at every kill delay',
    { timeout: 180_000 },
    async () => {
      let proc = await spawnServer(baseDir);
      let owner = await signIn(proc);
      const trials = 12;
      for (let trial = 0; trial < trials; trial += 1) {
        // New text for every type, so a stale copy left behind is visible.
        for (const type of TYPES) {
          const res = await owner.post('/api/cg-files/update-direct', { type, content: `${type} ${trial}` });
          expect(res.status).toBe(200);
        }
        const current = path.basename((await owner.get<Settings>('/api/settings')).body.cgOutputFolder);
        const target = FOLDERS[(FOLDERS.indexOf(current) + 1) % FOLDERS.length]!;
        const move = owner.put('/api/settings', { cgOutputPath: `./${target}` }).catch(() => null);
        await new Promise((r) => setTimeout(r, 2 + ((trial * 3) % 36)));
        await proc.kill('SIGKILL');
        await move;

        proc = await spawnServer(baseDir);
        owner = await signIn(proc);
        const folder = (await owner.get<Settings>('/api/settings')).body.cgOutputFolder;
        const files = (await owner.get<CgFile[]>('/api/cg-files')).body;
        for (const file of files) {
          expect(
            fs.readFileSync(path.join(folder, `${file.type}.txt`), 'utf8'),
            `trial ${trial}: ${file.type} in ${folder}`,
          ).toBe(file.content);
        }
        for (const other of FOLDERS.map((f) => path.join(baseDir, f)).filter((f) => f !== folder)) {
          expect(ourFilesIn(other), `trial ${trial}: our files left in ${other} (current ${folder})`).toEqual([]);
        }
      }
      await proc.kill();
    },
  );
});

describe('settling a journaled move at start', () => {
  it('a crash before anything reached the new folder leaves a foreign timer.txt there alone', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cgb-journal-'));
    const dataDir = path.join(dir, 'data');
    let server = await startTestServer({ baseDir: dir, dataDir });
    await server.close();
    // What a kill -9 right after the journal was written leaves: the entry, and the target as it was.
    const theirs = path.join(dir, 'their-folder');
    fs.mkdirSync(theirs);
    fs.writeFileSync(path.join(theirs, 'timer.txt'), 'their timer');
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(
      path.join(dataDir, 'cg-folder-move-1.json'),
      JSON.stringify({ companyId: 1, from: path.join(dir, 'cg_output'), to: theirs }),
    );
    server = await startTestServer({ baseDir: dir, dataDir });
    expect(fs.readFileSync(path.join(theirs, 'timer.txt'), 'utf8')).toBe('their timer');
    expect(fs.existsSync(path.join(dataDir, 'cg-folder-move-1.json'))).toBe(false);
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
