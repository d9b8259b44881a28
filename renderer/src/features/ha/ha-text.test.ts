import { describe, expect, it } from 'vitest';
import { changesAtRiskText, lagText, replicationText, roleText, stripText } from './ha-text';

describe('main and backup texts', () => {
  it('the header strip names the main and the backup, the lag when known, and sync', () => {
    expect(stripText({ main: 'PC-A', backup: 'PC-B', lagMs: 12, synchronous: false })).toBe(
      'MAIN: PC-A · BACKUP: PC-B · lag 12 ms',
    );
    expect(stripText({ main: 'PC-A', backup: 'PC-B', lagMs: 0, synchronous: true })).toBe(
      'MAIN: PC-A · BACKUP: PC-B · lag 0 ms · sync',
    );
    expect(stripText({ main: 'PC-B', backup: null, lagMs: null, synchronous: false })).toBe(
      'MAIN: PC-B · BACKUP: none',
    );
  });

  it('a lag reads in ms under a second, then seconds', () => {
    expect(lagText(12.4)).toBe('12 ms');
    expect(lagText(999)).toBe('999 ms');
    expect(lagText(5_400)).toBe('5.4 s');
    expect(lagText(1_000)).toBe('1.0 s');
    expect(lagText(42_600)).toBe('43 s');
  });

  it('the changes at risk: none with synchronous replication, none caught up, else up to N', () => {
    const lost = { main: 'PC-A', backup: 'PC-B', synchronous: false };
    expect(changesAtRiskText({ ...lost, synchronous: true, changesAtRisk: 0 })).toBe(
      'No acknowledged change is lost: the backup confirmed every commit.',
    );
    expect(changesAtRiskText({ ...lost, changesAtRisk: 0 })).toBe('Every change the main acknowledged is on PC-B.');
    expect(changesAtRiskText({ ...lost, changesAtRisk: 7 })).toBe(
      'Up to 7 acknowledged changes made on PC-A in its last moments are not on PC-B and will be lost.',
    );
    expect(changesAtRiskText({ ...lost, changesAtRisk: 1 })).toBe(
      'Up to 1 acknowledged change made on PC-A in its last moments is not on PC-B and will be lost.',
    );
  });

  it('roles and replication for Settings', () => {
    expect(roleText('old-main')).toBe('Old main, read-only');
    expect(roleText('unreachable')).toBe('Does not answer');
    expect(replicationText({ backup: 'PC-B', lagMs: 12, synchronous: false })).toBe(
      'Asynchronous: the last changes may not have reached the backup · lag 12 ms',
    );
    expect(replicationText({ backup: 'PC-B', lagMs: 0, synchronous: true })).toBe(
      'Synchronous: the backup confirms every commit · lag 0 ms',
    );
    expect(replicationText({ backup: null, lagMs: null, synchronous: false })).toBe('No backup is replicating');
  });
});
