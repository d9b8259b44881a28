import { describe, expect, it } from 'vitest';
import { printBlockedReason } from './label-print-gate';

describe('label printing waits for a LAN address (issue 39 point 12)', () => {
  it('is off without an address, while it is looked up, and with nothing selected; on with one', () => {
    expect(printBlockedReason({ pending: false, baseUrl: null }, 3)).toMatch(
      /^Print is off until the QR codes have an address phones can open/,
    );
    expect(printBlockedReason({ pending: true, baseUrl: null }, 3)).toBe(
      'Finding the address phones reach this PC at…',
    );
    expect(printBlockedReason({ pending: false, baseUrl: 'http://192.168.1.20:3000' }, 0)).toBe(
      'Select equipment to print labels for.',
    );
    expect(printBlockedReason({ pending: false, baseUrl: 'http://192.168.1.20:3000' }, 3)).toBeNull();
  });
});
