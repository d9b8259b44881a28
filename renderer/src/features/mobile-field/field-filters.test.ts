import { describe, expect, it } from 'vitest';
import type { Equipment, EquipmentRequest } from '@shared/contracts/equipment';
import { filterItems, isOnLoan, myPendingByItem, requestsShown } from './field-filters';

const item = (id: number, name: string, code: string, category: string, status: Equipment['status'] = 'available') =>
  ({ id, name, code, category, status }) as Equipment;
const items = [
  item(1, 'Sony FX6', 'CAM-001', 'Camera'),
  item(2, 'ކެމެރާ ޓްރައިޕޮޑް', 'TRP-002', 'Support', 'maintenance'),
  item(3, 'Wireless mic', 'MIC-003', 'Audio', 'checked_out'),
];

const request = (id: number, equipmentId: number, requestedBy: number, status: EquipmentRequest['status']) =>
  ({ id, equipmentId, requestedBy, status }) as EquipmentRequest;

describe('filterItems', () => {
  it('matches name, code or category, in any case, also Thaana', () => {
    expect(filterItems(items, { query: 'fx6', status: '' }).map((i) => i.id)).toEqual([1]);
    expect(filterItems(items, { query: 'mic-0', status: '' }).map((i) => i.id)).toEqual([3]);
    expect(filterItems(items, { query: 'AUDIO', status: '' }).map((i) => i.id)).toEqual([3]);
    expect(filterItems(items, { query: 'ޓްރައި', status: '' }).map((i) => i.id)).toEqual([2]);
    expect(filterItems(items, { query: '  ', status: '' })).toHaveLength(3);
  });

  it('filters by status, with the search', () => {
    expect(filterItems(items, { query: '', status: 'maintenance' }).map((i) => i.id)).toEqual([2]);
    expect(filterItems(items, { query: 'sony', status: 'maintenance' })).toEqual([]);
  });
});

describe('myPendingByItem', () => {
  it('keeps the caller’s pending requests only, the oldest per item', () => {
    const mine = myPendingByItem(
      [
        request(9, 1, 7, 'pending'),
        request(5, 1, 7, 'pending'),
        request(6, 2, 8, 'pending'),
        request(4, 3, 7, 'approved'),
      ],
      7,
    );
    expect([...mine.entries()].map(([item, r]) => [item, r.id])).toEqual([[1, 5]]);
  });
});

describe('requests', () => {
  it('loans that carry a due date', () => {
    expect(
      ['approved', 'out', 'return_requested', 'extension_pending'].every((s) =>
        isOnLoan({ status: s as EquipmentRequest['status'] }),
      ),
    ).toBe(true);
    expect(['pending', 'rejected', 'returned'].some((s) => isOnLoan({ status: s as EquipmentRequest['status'] }))).toBe(
      false,
    );
  });

  it('shows everyone’s or only mine', () => {
    const list = [request(1, 1, 7, 'out'), request(2, 1, 8, 'out')];
    expect(requestsShown(list, 7, true).map((r) => r.id)).toEqual([1]);
    expect(requestsShown(list, 7, false)).toHaveLength(2);
  });
});
