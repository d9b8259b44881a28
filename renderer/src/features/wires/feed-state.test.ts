import { describe, expect, it } from 'vitest';
import { isFailing } from './feed-state';

describe('isFailing', () => {
  it('is a failed read, not the busy-server note or a healthy feed', () => {
    expect(isFailing({ lastError: 'The feed answered HTTP 500', failures: 1 })).toBe(true);
    expect(
      isFailing({ lastError: 'Not read this time: the server was busy with other heavy work.', failures: 0 }),
    ).toBe(false);
    expect(isFailing({ lastError: null, failures: 0 })).toBe(false);
  });
});
