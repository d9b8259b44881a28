import { describe, expect, it } from 'vitest';
import { parseRequestNumber, requestNumber } from './request-number';

describe('requestNumber', () => {
  it('pads to four digits and grows past them', () => {
    expect(requestNumber(2)).toBe('REQ-0002');
    expect(requestNumber(42)).toBe('REQ-0042');
    expect(requestNumber(12345)).toBe('REQ-12345');
  });
});

describe('parseRequestNumber', () => {
  it.each([
    ['REQ-0042', 42],
    ['req-42', 42],
    ['#42', 42],
    [' 42 ', 42],
    [requestNumber(12345), 12345],
  ])('reads %j as request %i', (text, id) => {
    expect(parseRequestNumber(text)).toBe(id);
  });

  it.each(['', '0', 'REQ-0000', '-4', '4e1', '0x2A', '4.0', 'REQ-', 'REQ 42', '42abc'])('%j is no request', (text) => {
    expect(parseRequestNumber(text)).toBeNull();
  });

  it('undefined is no request', () => {
    expect(parseRequestNumber(undefined)).toBeNull();
  });
});
