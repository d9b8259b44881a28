import { describe, expect, it } from 'vitest';
import type { EquipmentRequest } from '@shared/contracts/equipment';
import type { EquipmentRequestStatus } from '@shared/equipment-transitions';
import { isOverdue, requestButtons, type Actor } from './request-buttons';

const request = (status: EquipmentRequestStatus, requestedBy = 7, expectedReturnDate: string | null = null) =>
  ({ status, requestedBy, expectedReturnDate }) as EquipmentRequest;
const admin: Actor = { id: 1, role: 'admin', roletype: 'user' };
const requester: Actor = { id: 7, role: 'cameraman', roletype: 'user' };
const other: Actor = { id: 9, role: 'editor', roletype: 'user' };
const technical: Actor = { id: 5, role: 'technical', roletype: 'user' };
const labels = (status: EquipmentRequestStatus, actor: Actor) =>
  requestButtons(request(status), actor).map((b) => b.label);

describe('request buttons', () => {
  it('gives an approver every step the status allows', () => {
    expect(labels('pending', admin)).toEqual(['Approve', 'Reject']);
    expect(labels('approved', admin)).toEqual(['Check Out', 'Request Extension']);
    expect(labels('out', admin)).toEqual(['Return', 'Request Extension', 'Remind']);
    expect(labels('return_requested', admin)).toEqual(['Approve Return']);
    expect(labels('extension_pending', admin)).toEqual(['Approve Extension', 'Reject Extension']);
    expect(labels('returned', admin)).toEqual([]);
    expect(labels('rejected', admin)).toEqual([]);
  });

  it('gives the requester the loan steps, and others only Return once the unit is out (anyone may bring it back)', () => {
    expect(labels('pending', requester)).toEqual([]);
    // Issue 39: no Return before Check Out; an extension can be asked for from the desk.
    expect(labels('approved', requester)).toEqual(['Check Out', 'Request Extension']);
    expect(labels('out', requester)).toEqual(['Return', 'Request Extension']);
    expect(labels('return_requested', requester)).toEqual([]);
    expect(labels('extension_pending', requester)).toEqual([]);
    expect(labels('approved', other)).toEqual([]);
    expect(labels('out', other)).toEqual(['Return']);
    expect(labels('pending', other)).toEqual([]);
  });

  it('lets equipment staff hand out and take back, but not decide', () => {
    expect(labels('pending', technical)).toEqual([]);
    expect(labels('approved', technical)).toEqual(['Check Out', 'Request Extension']);
    expect(labels('return_requested', technical)).toEqual([]);
  });

  it('marks a loan overdue only while the unit is away', () => {
    const now = Date.parse('2026-11-23T12:00:00Z');
    expect(isOverdue(request('out', 7, '2026-11-23T11:00:00Z'), now)).toBe(true);
    expect(isOverdue(request('out', 7, '2026-11-23T13:00:00Z'), now)).toBe(false);
    expect(isOverdue(request('returned', 7, '2026-11-23T11:00:00Z'), now)).toBe(false);
    expect(isOverdue(request('out', 7, null), now)).toBe(false);
  });
});
