import { describe, expect, it } from 'vitest';
import { EQUIPMENT_REQUEST_STATUSES } from './constants';
import {
  actionsFrom,
  decideExtension,
  EQUIPMENT_REQUEST_ACTIONS,
  transition,
  type EquipmentRequestAction,
} from './equipment-transitions';

describe('equipment request transitions (docs/product.md §States)', () => {
  it('allows exactly the table’s moves and refuses every other with a message', () => {
    for (const action of Object.keys(EQUIPMENT_REQUEST_ACTIONS) as EquipmentRequestAction[]) {
      for (const status of EQUIPMENT_REQUEST_STATUSES) {
        const result = transition(status, action);
        const allowed = (EQUIPMENT_REQUEST_ACTIONS[action].from as readonly string[]).includes(status);
        expect(result.ok, `${action} from ${status}`).toBe(allowed);
        if (!result.ok) expect(result.message).toMatch(/^This request cannot be .+: it is .+$/);
      }
    }
  });

  it('follows the spec’s paths', () => {
    expect(transition('pending', 'approve')).toEqual({ ok: true, to: 'approved' });
    expect(transition('pending', 'reject')).toEqual({ ok: true, to: 'rejected' });
    expect(transition('approved', 'check_out')).toEqual({ ok: true, to: 'out' });
    expect(transition('out', 'return')).toEqual({ ok: true, to: 'returned' });
    expect(transition('approved', 'request_return')).toEqual({ ok: true, to: 'return_requested' });
    expect(transition('return_requested', 'approve_return')).toEqual({ ok: true, to: 'returned' });
    expect(transition('rejected', 'check_out')).toEqual({
      ok: false,
      message: 'This request cannot be checked out: it is rejected',
    });
    expect(transition('returned', 'approve')).toEqual({
      ok: false,
      message: 'This request cannot be approved: it is returned',
    });
    expect(actionsFrom('rejected')).toEqual([]);
    expect(actionsFrom('returned')).toEqual([]);
  });

  it('an extension decision returns the loan to its previous status', () => {
    expect(transition('out', 'request_extension')).toEqual({ ok: true, to: 'extension_pending' });
    expect(decideExtension('extension_pending', 'out')).toEqual({ ok: true, to: 'out' });
    expect(decideExtension('out', 'out').ok).toBe(false);
  });
});
