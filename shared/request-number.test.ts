import { describe, expect, it } from 'vitest';
import { requestNumber } from './request-number';

describe('requestNumber', () => {
  it('pads to four digits and grows past them', () => {
    expect(requestNumber(2)).toBe('REQ-0002');
    expect(requestNumber(42)).toBe('REQ-0042');
    expect(requestNumber(12345)).toBe('REQ-12345');
  });
});
