import { beforeEach, describe, expect, it } from 'vitest';
import { noteCgWriteSuccess, reportCgWriteFailure, useCgWriteFailure } from './cg-write-failure-store';

describe('CG write failure alert', () => {
  beforeEach(() => useCgWriteFailure.getState().dismiss());

  it('adds up failed types and clears each when it is written again', () => {
    reportCgWriteFailure({ types: ['headline'], message: 'locked' });
    reportCgWriteFailure({ types: [], message: 'CG output could not be written' }); // the 503 answer
    reportCgWriteFailure({ types: ['subheadline'], message: 'locked' });
    expect(useCgWriteFailure.getState().failure?.types).toEqual(['headline', 'subheadline']);
    noteCgWriteSuccess('headline');
    expect(useCgWriteFailure.getState().failure?.types).toEqual(['subheadline']);
    noteCgWriteSuccess('subheadline');
    expect(useCgWriteFailure.getState().failure).toBeNull();
  });

  it('a cg.json failure clears on the next successful write of any type', () => {
    reportCgWriteFailure({ types: ['headline'], message: 'locked' });
    reportCgWriteFailure({ types: ['cg.json'], message: 'cg.json could not be written' });
    noteCgWriteSuccess('infoline');
    expect(useCgWriteFailure.getState().failure?.types).toEqual(['headline']);
    noteCgWriteSuccess('headline');
    expect(useCgWriteFailure.getState().failure).toBeNull();
  });
});
