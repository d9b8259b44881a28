import { describe, expect, it } from 'vitest';
import type { OutputStatusEntry } from '@shared/contracts/outputs';
import { outputAlarmItems } from './output-alarms';

const status = (
  state: OutputStatusEntry['status']['state'],
  failingSince: string | null,
): OutputStatusEntry['status'] => ({
  state,
  message: 'No answer within 2 s',
  lastOkAt: null,
  at: '2026-11-28T10:00:09.000Z',
  failingSince,
});

describe('the bell’s output alarms (issue 38)', () => {
  it('one urgent item per output in Error, keyed by the start of its failure', () => {
    const items = outputAlarmItems([
      { id: 1, name: 'CasparCG', kind: 'casparcg', status: status('error', '2026-11-28T10:00:04.000Z') },
      { id: 2, name: 'OBS', kind: 'obs', status: status('retrying', '2026-11-28T10:00:08.000Z') },
      { id: 3, name: 'vMix', kind: 'vmix', status: status('connected', null) },
    ]);
    expect(items).toEqual([
      {
        id: 'output-error-1-2026-11-28T10:00:04.000Z',
        type: 'output_error',
        title: 'Output failing: CasparCG',
        message: 'No answer within 2 s',
        time: '2026-11-28T10:00:04.000Z',
        priority: 'urgent',
      },
    ]);
  });
});
