import { describe, expect, it } from 'vitest';
import { overlayConnectedText } from './overlay-connected-text';

describe('overlayConnectedText (issue 37 #10)', () => {
  it('counts every overlay on the key and names the previews among them', () => {
    expect(overlayConnectedText({ connected: 0, previews: 0 })).toBe('No overlay is connected now.');
    expect(overlayConnectedText({ connected: 1, previews: 0 })).toBe('1 overlay is connected now.');
    expect(overlayConnectedText({ connected: 3, previews: 0 })).toBe('3 overlays are connected now.');
    expect(overlayConnectedText({ connected: 1, previews: 1 })).toBe(
      '1 overlay is connected now: a preview (each open Outputs page shows one).',
    );
    expect(overlayConnectedText({ connected: 2, previews: 2 })).toBe(
      '2 overlays are connected now: all previews (each open Outputs page shows one).',
    );
    expect(overlayConnectedText({ connected: 3, previews: 1 })).toBe(
      '3 overlays are connected now: 1 of them a preview (each open Outputs page shows one).',
    );
    expect(overlayConnectedText({ connected: 4, previews: 2 })).toBe(
      '4 overlays are connected now: 2 of them previews (each open Outputs page shows one).',
    );
  });
});
