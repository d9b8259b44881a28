import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ApiClient } from '../../test/api-client';
import { pidAlive, portRefuses, spawnServer } from '../../test/spawn-server';

describe('a real crash', () => {
  it('SIGKILL stops the server itself: the pid is gone, the port refuses, health fails', async () => {
    const proc = await spawnServer();
    expect((await new ApiClient(proc.url).get('/api/health')).status).toBe(200);
    await proc.kill('SIGKILL');
    expect(pidAlive(proc.pid)).toBe(false);
    expect(await portRefuses(proc.port)).toBe(true);
    await expect(fetch(`${proc.url}/api/health`)).rejects.toThrow();
    fs.rmSync(proc.baseDir, { recursive: true, force: true });
  });

  it('the next start removes temp files a crash left in the CG folder, and only ours', async () => {
    const proc = await spawnServer();
    await proc.kill('SIGKILL');
    const folder = path.join(proc.baseDir, 'cg_output');
    const leftovers = [
      '.headline.txt.0123456789ab.tmp',
      '.news_crawler.txt.a1b2c3d4e5f6.tmp',
      '.cg.json.ffffffffffff.tmp',
    ];
    const foreign = ['operator-notes.tmp', '.headline.txt.tmp', 'headline.txt.0123456789ab.tmp'];
    for (const name of [...leftovers, ...foreign]) fs.writeFileSync(path.join(folder, name), 'half-written');
    const again = await spawnServer(proc.baseDir);
    const names = fs.readdirSync(folder);
    for (const name of leftovers) expect(names).not.toContain(name);
    for (const name of foreign) expect(names).toContain(name);
    await again.kill();
    fs.rmSync(proc.baseDir, { recursive: true, force: true });
  });
});
