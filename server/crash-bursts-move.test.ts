import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CG_TYPES } from '../shared/constants';
import type { CgFile } from '../shared/contracts/cg-files';
import { allowed, Burst, CrashRig, killDelay } from './crash-bursts-harness';

/**
 * Issue 24: SIGKILL while the CG folder moves back and forth AND the desk keeps writing the
 * headline. After the restart the folder is the last acknowledged one or the one in flight, the
 * files are in that folder only and equal the database (cg-move-crash.test.ts kills single moves
 * at set delays; this one kills bursts of them under on-air writes).
 */
const ROUNDS = 4;
const FOLDERS = ['cg_output', 'move-a', 'move-b'];
const OUR_NAMES = new Set([...CG_TYPES.map((t) => `${t}.txt`), 'cg.json']);

let rig: CrashRig;
beforeAll(async () => {
  rig = await new CrashRig().start();
});
afterAll(() => rig.stop());

describe('SIGKILL during CG folder moves under CG writes', () => {
  it(
    'leaves one folder with our files, the acknowledged or in-flight one, equal to the DB',
    { timeout: 90_000 },
    async () => {
      expect((await rig.api.post('/api/cg-files/initialize')).status).toBe(200);
      let folder = 'cg_output';
      let headline = '';
      let moves: Burst<string> | null = null;
      let writes: Burst<string> | null = null;
      rig.check(async ({ api, baseDir }) => {
        const current = path.basename(await rig.folder());
        expect(moves ? allowed(moves, folder) : [folder]).toContain(current);
        for (const other of FOLDERS.filter((f) => f !== current)) {
          const dir = path.join(baseDir, other);
          const ours = fs.existsSync(dir) ? fs.readdirSync(dir).filter((n) => OUR_NAMES.has(n)) : [];
          expect(ours, `our files left in ${other} (current ${current})`).toEqual([]);
        }
        const actual =
          (await api.get<CgFile[]>('/api/cg-files')).body.find((f) => f.type === 'headline')?.content ?? '';
        expect(writes ? allowed(writes, headline) : [headline]).toContain(actual);
        [folder, headline, moves, writes] = [current, actual, null, null];
      });
      let acked = 0;
      for (let round = 0; round < ROUNDS; round += 1) {
        const start = FOLDERS.indexOf(folder);
        const m = (moves = new Burst(
          `move r${round}`,
          (i) => FOLDERS[(start + i + 1) % FOLDERS.length]!,
          (to) => rig.api.put('/api/settings', { cgOutputPath: `./${to}` }),
        ));
        const w = (writes = new Burst(
          `headline r${round}`,
          (i) => `Moving r${round} w${i}`,
          (content) => rig.api.post('/api/cg-files/update-direct', { type: 'headline', content }),
        ));
        // Odd rounds: after one acknowledged move, so the kill lands in the next one.
        await rig.crashDuring(killDelay(round), [m, w], () => m.acked.length >= round % 2);
        acked += m.acked.length;
      }
      expect(acked, 'no move was acknowledged before the kills').toBeGreaterThan(0);
    },
  );
});
