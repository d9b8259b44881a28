import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityLog } from '../../../shared/contracts/activity-logs';
import type { CgFile } from '../../../shared/contracts/cg-files';
import { loginDevOwner } from '../../test/factories';
import { startTestServer, testDatabase } from '../../test/test-server';

// One station directory kept across restarts (startTestServer's own temp dir is not used).
const baseDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cgb-adopt-'));
const dataDir = path.join(baseDir, 'data');
const folder = path.join(baseDir, 'cg_output');
// On the unit-pg run the store is a database of its own, kept across the restarts too.
let lasting: Awaited<ReturnType<typeof testDatabase>> = null;
beforeAll(async () => {
  lasting = await testDatabase('cgb_adopt');
});
afterAll(async () => {
  await lasting?.drop();
  fs.rmSync(baseDir, { recursive: true, force: true });
});

const start = () => startTestServer({ baseDir, dataDir, databaseUrl: lasting?.url });
const onDisk = (type: string) => fs.readFileSync(path.join(folder, `${type}.txt`), 'utf8');

async function look(server: Awaited<ReturnType<typeof start>>) {
  const dev = await loginDevOwner(server);
  const files = (await dev.get<CgFile[]>('/api/cg-files')).body;
  const text = (type: string) => files.find((f) => f.type === type)?.content;
  const activity = (await dev.get<ActivityLog[]>('/api/activity-logs')).body;
  return { dev, text, adopted: activity.filter((a) => a.action === 'cg_file_adopted') };
}

describe('start-up adoption of CG files the database does not know', () => {
  it('adopts text found on disk before the first start, logs it with no user, and keeps adopting after later restarts', async () => {
    fs.mkdirSync(folder, { recursive: true });
    fs.writeFileSync(path.join(folder, 'headline.txt'), 'Found on air');
    fs.writeFileSync(path.join(folder, 'subheadline.txt'), ''); // empty and unknown: nothing to adopt

    let server = await start();
    let seen = await look(server);
    expect(seen.text('headline')).toBe('Found on air');
    expect(seen.text('subheadline')).toBeUndefined();
    expect(seen.adopted).toHaveLength(1);
    expect(seen.adopted[0]).toMatchObject({
      userId: null,
      username: null,
      details: 'headline: "Found on air" (found in headline.txt at start-up)',
    });
    expect(onDisk('headline')).toBe('Found on air');
    // A type written from the DB, whose file then goes missing while the server is down.
    await seen.dev.post('/api/cg-files/update-direct', { type: 'timer', content: '00:42' });
    await server.close();

    fs.writeFileSync(path.join(folder, 'headline.txt'), 'Changed while down');
    fs.rmSync(path.join(folder, 'timer.txt'));
    server = await start();
    seen = await look(server);
    expect(seen.text('headline')).toBe('Changed while down'); // the file wins over an older row
    expect(seen.adopted.map((a) => a.details)).toEqual([
      'headline: "Changed while down" (found in headline.txt at start-up)',
      'headline: "Found on air" (found in headline.txt at start-up)',
    ]);
    expect(seen.text('timer')).toBe('00:42');
    expect(onDisk('timer')).toBe('00:42'); // missing files are still written from the DB
    await server.close();

    // Nothing new on disk: a restart adopts nothing.
    server = await start();
    expect((await look(server)).adopted).toHaveLength(2);
    // initialize still writes every file from the DB (the adopted text included).
    const dev = await loginDevOwner(server);
    expect((await dev.post('/api/cg-files/initialize')).status).toBe(200);
    expect(onDisk('headline')).toBe('Changed while down');
    expect(onDisk('news_crawler')).toBe('');
    await server.close();
  });
});
