import { describe, expect, it } from 'vitest';
import type { OutputStatusEntry } from '@shared/contracts/outputs';
import { airState, alarmKeys, newAlarms } from './air-state';

const entry = (
  id: number,
  state: OutputStatusEntry['status']['state'],
  failingSince: string | null = null,
): OutputStatusEntry => ({
  id,
  name: `Out ${id}`,
  kind: 'casparcg',
  status: {
    state,
    message: state === 'connected' ? null : 'could not be reached (ECONNREFUSED)',
    lastOkAt: null,
    at: '2026-11-28T10:00:05.000Z',
    failingSince,
  },
});

describe('the state of air beside LIVE (issue 38)', () => {
  it('AIR OK with every output confirmed, or none configured', () => {
    expect(
      airState({ statuses: [entry(1, 'connected'), entry(2, 'disabled')], filesFailing: false, connected: true }),
    ).toMatchObject({ level: 'ok', text: 'AIR OK' });
    expect(airState({ statuses: [], filesFailing: false, connected: true }).level).toBe('ok');
  });

  it('names how many outputs fail (Error) before those still retrying', () => {
    const air = airState({
      statuses: [entry(1, 'error', 'x'), entry(2, 'error', 'y'), entry(3, 'retrying')],
      filesFailing: false,
      connected: true,
    });
    expect(air).toMatchObject({ level: 'fail', text: 'AIR: 2 outputs failing' });
    expect(air.detail).toContain('Out 1: could not be reached');
    expect(airState({ statuses: [entry(3, 'retrying')], filesFailing: false, connected: true })).toMatchObject({
      level: 'warn',
      text: 'AIR: 1 output retrying',
    });
  });

  it('files not written beats everything; no connection is "unknown", never a stale OK', () => {
    expect(airState({ statuses: [entry(1, 'error')], filesFailing: true, connected: true }).text).toBe(
      'AIR: files not written',
    );
    expect(airState({ statuses: [], filesFailing: false, connected: false })).toMatchObject({
      level: 'unknown',
      text: 'AIR ?',
    });
  });
});

describe('alarms: once per transition to Error', () => {
  it('nothing on the first look; a new failure once; the same failure again never', () => {
    const first = alarmKeys([entry(1, 'error', 'a')]);
    expect(newAlarms(null, first)).toEqual([]);
    const second = alarmKeys([entry(1, 'error', 'a'), entry(2, 'error', 'b')]);
    expect(newAlarms(first, second)).toEqual(['2@b']);
    expect(newAlarms(second, alarmKeys([entry(1, 'error', 'a'), entry(2, 'error', 'b')]))).toEqual([]);
    // Recovered and failing again: a new failure.
    expect(newAlarms(second, alarmKeys([entry(1, 'error', 'c')]))).toEqual(['1@c']);
  });
});
