import { afterEach, describe, expect, it } from 'vitest';
import type { OutputStatus } from '../../../shared/contracts/outputs';
import { OutputFault, type OutputDriver, type OutputUpdate } from '../../integrations/outputs/output-driver';
import { until } from '../../test/fake-device';
import type { OnAirChange } from './on-air-changes';
import { OutputLane, type LaneOptions } from './output-lane';

/**
 * Issue 38: an output that keeps failing is Error (red for every operator) after a few sends or a
 * few seconds — no longer "retrying" for 25 minutes; and the lane keeps what the device confirmed.
 */
type Mode = 'ok' | 'refuse';

function fakeDriver(state: { mode: Mode; sends: OutputUpdate[] }): OutputDriver {
  return {
    types: ['headline', 'subheadline'],
    send: (update) => {
      state.sends.push(update);
      if (state.mode === 'refuse')
        return Promise.reject(
          new OutputFault('CasparCG at 127.0.0.1:1 could not be reached (ECONNREFUSED)', 'unreachable'),
        );
      return Promise.resolve('sent');
    },
    probe: () => Promise.resolve('ok'),
    close: () => undefined,
  };
}

let seq = 0;
const change = (changed: Record<string, string>, snapshot: Record<string, string>): OnAirChange => ({
  companyId: 1,
  seq: ++seq,
  at: new Date().toISOString(),
  userId: 1,
  apiKey: null,
  source: 'web',
  action: 'cg_file_updated',
  changed,
  snapshot,
});

const lanes: OutputLane[] = [];
afterEach(() => lanes.splice(0).forEach((l) => l.close()));

function lane(device: { mode: Mode; sends: OutputUpdate[] }, options: Partial<LaneOptions> = {}) {
  const statuses: OutputStatus[] = [];
  const made = new OutputLane({
    makeDriver: () => fakeDriver(device),
    snapshot: () => Promise.resolve({ headline: 'Start' }),
    report: () => undefined,
    onStatus: (s) => statuses.push(s),
    now: () => new Date(),
    timeoutMs: 2_000,
    retryBaseMs: 60_000,
    retryMaxMs: 60_000,
    errorAfterMs: 60_000,
    errorAfterFailures: 3,
    ...options,
  });
  lanes.push(made);
  made.start();
  return { lane: made, statuses };
}

describe('output lane: Retrying becomes Error', () => {
  it('after errorAfterFailures sends in a row; failingSince is the first failure; one status event per move', async () => {
    const device = { mode: 'refuse' as Mode, sends: [] as OutputUpdate[] };
    const { lane: l, statuses } = lane(device);
    await until(() => l.status.state === 'retrying', 'the first failure');
    const since = l.status.failingSince;
    expect(since).not.toBeNull();
    l.push(change({ headline: 'Two' }, { headline: 'Two' }));
    await until(() => device.sends.length === 2 && !l['inFlight'], 'the second send');
    expect(l.status.state).toBe('retrying');
    l.push(change({ headline: 'Three' }, { headline: 'Three' }));
    await until(() => l.status.state === 'error', 'the third failure to be Error');
    expect(l.status.failingSince).toBe(since);
    expect(l.status.message).toContain('ECONNREFUSED');
    // The same failure again is no news: nothing more is published.
    l.push(change({ headline: 'Four' }, { headline: 'Four' }));
    await until(() => device.sends.length === 4 && !l['inFlight'], 'the fourth send');
    expect(statuses.map((s) => s.state)).toEqual(['retrying', 'error']);

    device.mode = 'ok';
    l.push(change({ headline: 'Back' }, { headline: 'Back' }));
    await until(() => l.status.state === 'connected', 'the device back');
    expect(l.status.failingSince).toBeNull();
    expect(l.confirmed).toMatchObject({ shows: { headline: 'Back', subheadline: '' } });
  });

  it('after errorAfterMs even when backoff sends nothing meanwhile', async () => {
    const device = { mode: 'refuse' as Mode, sends: [] as OutputUpdate[] };
    const { lane: l, statuses } = lane(device, { errorAfterMs: 150, errorAfterFailures: 99 });
    await until(() => l.status.state === 'retrying', 'the first failure');
    await until(() => l.status.state === 'error', 'Error after 150 ms', 2_000);
    expect(device.sends).toHaveLength(1);
    expect(statuses.map((s) => s.state)).toEqual(['retrying', 'error']);
  });

  it('a device that recovers before the limit never reads Error', async () => {
    const device = { mode: 'refuse' as Mode, sends: [] as OutputUpdate[] };
    const { lane: l, statuses } = lane(device, { errorAfterMs: 300 });
    await until(() => l.status.state === 'retrying', 'the first failure');
    device.mode = 'ok';
    l.push(change({ headline: 'Fine' }, { headline: 'Fine' }));
    await until(() => l.status.state === 'connected', 'connected');
    await new Promise((r) => setTimeout(r, 450));
    expect(statuses.map((s) => s.state)).toEqual(['retrying', 'connected']);
  });
});

describe('output lane: what the device confirmed', () => {
  it('keeps every type it shows and the texts the last send set', async () => {
    const device = { mode: 'ok' as Mode, sends: [] as OutputUpdate[] };
    const { lane: l } = lane(device);
    await until(() => l.confirmed !== null, 'the first full send');
    expect(l.confirmed).toMatchObject({
      shows: { headline: 'Start', subheadline: '' },
      sent: { headline: 'Start', subheadline: '' },
    });
    l.push(change({ subheadline: 'Sub' }, { headline: 'Start', subheadline: 'Sub' }));
    await until(() => l.confirmed?.sent.subheadline === 'Sub', 'the change confirmed');
    expect(l.confirmed).toMatchObject({
      shows: { headline: 'Start', subheadline: 'Sub' },
      sent: { subheadline: 'Sub' },
    });
    expect(l.confirmed?.sent).not.toHaveProperty('headline');
  });
});

describe("output lane: the start's read of program", () => {
  it('a change pushed while the read is under way wins over what the read returns (it carries newer texts)', async () => {
    const device = { mode: 'ok' as Mode, sends: [] as OutputUpdate[] };
    let answer: (texts: Record<string, string>) => void = () => undefined;
    const read = new Promise<Record<string, string>>((resolve) => (answer = resolve));
    const { lane: l } = lane(device, { snapshot: () => read });
    await new Promise((r) => setImmediate(r));
    expect(device.sends).toHaveLength(0);
    l.push(change({ headline: 'Newer' }, { headline: 'Newer', subheadline: 'Sub' }));
    answer({ headline: 'Older' });
    await until(() => l.confirmed !== null, 'the first full send');
    expect(device.sends).toHaveLength(1);
    expect(device.sends[0]).toMatchObject({ full: true, snapshot: { headline: 'Newer', subheadline: 'Sub' } });
  });

  it('a failed read is a failed send: Retrying with its message, read again after the backoff', async () => {
    const device = { mode: 'ok' as Mode, sends: [] as OutputUpdate[] };
    let reads = 0;
    const snapshot = () =>
      ++reads === 1 ? Promise.reject(new Error('database is locked')) : Promise.resolve({ headline: 'Start' });
    const { lane: l, statuses } = lane(device, { snapshot, retryBaseMs: 20, retryMaxMs: 20 });
    await until(() => l.status.state === 'connected', 'connected after the second read');
    expect(reads).toBe(2);
    expect(statuses.map((s) => [s.state, s.message])).toEqual([
      ['retrying', 'database is locked'],
      ['connected', null],
    ]);
    expect(device.sends).toHaveLength(1);
    expect(device.sends[0]).toMatchObject({ full: true, snapshot: { headline: 'Start' } });
  });
});
