import { describe, expect, it } from 'vitest';
import { airTitle, describeAir } from './air-answer';

const at = '2026-11-28T10:00:00.000Z';

describe('the words of a write’s air answer (issue 38)', () => {
  it('green only when every output that shows the change confirmed it; a skipped one is not named', () => {
    const v = describeAir({
      at,
      outputs: [
        { output: 'files', result: 'ok', message: null },
        { output: 'overlay', result: 'ok', message: 'sent to 1 overlay' },
        { output: 'OBS', result: 'skipped', message: 'shows none' },
      ],
    });
    expect(v).toEqual({ level: 'ok', line: 'On air: files, overlay', failed: [], sending: [] });
    expect(airTitle(v, 'CG Updated')).toBe('CG Updated');
  });

  it('red naming each failure with its reason', () => {
    const v = describeAir({
      at,
      outputs: [
        { output: 'files', result: 'ok', message: null },
        { output: 'CasparCG', result: 'error', message: 'connection refused' },
        { output: 'vMix', result: 'timeout', message: 'No answer within 2 s' },
      ],
    });
    expect(v.line).toBe('On air: files · CasparCG failed: connection refused · vMix failed: No answer within 2 s');
    expect(airTitle(v, 'CG Updated')).toBe('Not on every output — failed: CasparCG, vMix');
  });

  it('amber for an output that has not answered yet', () => {
    const v = describeAir({
      at,
      outputs: [
        { output: 'files', result: 'ok', message: null },
        { output: 'OBS', result: 'sending', message: null },
      ],
    });
    expect(v).toMatchObject({ level: 'sending', line: 'On air: files · OBS: no answer yet' });
    expect(airTitle(v, 'CG Updated')).toBe('CG Updated — still sending to OBS');
  });
});
