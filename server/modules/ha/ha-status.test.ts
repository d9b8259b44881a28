import { describe, expect, it } from 'vitest';
import { HeardPositions, parseLsn } from '../../live/pg-relay';
import type { NodeState } from './ha-node';
import { MAIN_LOST_AFTER_MS, pairStatus, type PairMemory } from './ha-status';

const main: NodeState = {
  url: 'postgres://a/cgbridge',
  reachable: true,
  name: 'PC-A',
  standby: false,
  timeline: 1,
  lsn: '0/3000000',
  replicas: [{ name: 'PC-B', syncState: 'async', lagMs: 12, behindBytes: 80 }],
  slotsInactive: 0,
};
const backup: NodeState = { ...main, url: 'postgres://b/cgbridge', name: 'PC-B', standby: true, replicas: [] };
const gone: NodeState = { ...main, reachable: false, timeline: null, lsn: null, replicas: [] };
const memory = (over: Partial<PairMemory> = {}): PairMemory => ({
  lostSince: null,
  lastSynchronous: false,
  changesBeyond: () => 3,
  takeover: null,
  ...over,
});

describe('the pair as operators see it (issue 43)', () => {
  it('names the main and its backup from pg_stat_replication, with the lag (0 once caught up)', () => {
    expect(pairStatus(main, backup, memory(), 0)).toMatchObject({
      main: 'PC-A',
      backup: 'PC-B',
      lagMs: 12,
      warning: null,
    });
    const caughtUp = { ...main, replicas: [{ ...main.replicas[0]!, behindBytes: 0 }] };
    expect(pairStatus(caughtUp, backup, memory(), 0).lagMs).toBe(0);
    const sync = { ...main, replicas: [{ ...main.replicas[0]!, syncState: 'sync' }] };
    expect(pairStatus(sync, backup, memory(), 0).synchronous).toBe(true);
  });

  it('warns when the backup is missing, far behind, or an old main is up beside the main', () => {
    expect(pairStatus({ ...main, replicas: [] }, backup, memory(), 0).warning).toBe(
      'No backup: PC-B is not replicating from the main',
    );
    const behind = { ...main, replicas: [{ ...main.replicas[0]!, lagMs: 7_400 }] };
    expect(pairStatus(behind, backup, memory(), 0).warning).toBe('The backup PC-B is 7 s behind');
    expect(pairStatus(main, { ...backup, standby: false }, memory(), 0).warning).toMatch(/PC-B is a main too/);
  });

  it('offers the takeover only after the main has been silent a while and the backup answers', () => {
    const lost = memory({ lostSince: 1_000 });
    expect(pairStatus(gone, backup, lost, 1_000 + MAIN_LOST_AFTER_MS - 1).mainLost).toBeNull();
    expect(pairStatus(gone, backup, lost, 1_000 + MAIN_LOST_AFTER_MS).mainLost).toEqual({
      main: 'PC-A',
      since: new Date(1_000).toISOString(),
      backup: 'PC-B',
      changesAtRisk: 3,
      synchronous: false,
    });
    expect(pairStatus(gone, backup, lost, 10_000)).toMatchObject({ main: 'PC-A', backup: 'PC-B', lagMs: null });
    expect(pairStatus(gone, { ...backup, reachable: false }, lost, 10_000).mainLost).toBeNull();
    // Synchronous replication: nothing acknowledged is missing on the backup.
    const sync = memory({ lostSince: 1_000, lastSynchronous: true });
    expect(pairStatus(gone, backup, sync, 10_000).mainLost).toMatchObject({ changesAtRisk: 0, synchronous: true });
  });
});

describe('the changes a takeover would lose (issue 43)', () => {
  it('counts the commits heard beyond the backup’s position, each once', () => {
    const heard = new HeardPositions(4);
    for (const lsn of ['0/10', '0/20', '0/20', '0/30', '1/0']) heard.add(lsn);
    expect(heard.beyond('0/20')).toBe(2);
    expect(heard.beyond('1/0')).toBe(0);
    expect(heard.beyond('0/0')).toBe(4);
    heard.add('1/10');
    // Only the last `keep` are kept: the oldest went.
    expect(heard.beyond('0/0')).toBe(4);
    expect(parseLsn('16/B374D848')).toBe((0x16n << 32n) + 0xb374d848n);
    expect(parseLsn('not a position')).toBeNull();
  });
});
