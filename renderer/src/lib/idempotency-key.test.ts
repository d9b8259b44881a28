import { describe, expect, it } from 'vitest';
import { newIdempotencyKey } from './idempotency-key';
import { RequestFailure } from './request-errors';

describe('newIdempotencyKey', () => {
  it('is a UUID v4', () => {
    expect(newIdempotencyKey()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('is new for every action', () => {
    const keys = new Set(Array.from({ length: 1000 }, newIdempotencyKey));
    expect(keys.size).toBe(1000);
  });
});

describe('RequestFailure', () => {
  it('tells the operator an offline write changed nothing', () => {
    expect(new RequestFailure('offline', true).message).toBe(
      'Not sent: this computer is offline. Nothing was changed.',
    );
  });

  it('sends the operator to the ON AIR box after a timed-out write', () => {
    expect(new RequestFailure('timeout', true).message).toContain('check the ON AIR box');
  });
});
