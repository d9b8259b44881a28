import { describe, expect, it } from 'vitest';
import { emptyEquipmentForm, endOfLocalDay, localDay, toRequestBody, toEquipmentBody } from './equipment-form-values';

describe('equipment form values', () => {
  it('starts with condition good and quantity 1', () => {
    expect(emptyEquipmentForm()).toMatchObject({ condition: 'good', quantity: 1 });
  });

  it('names each missing required field with the shared schema messages', () => {
    const parsed = toEquipmentBody({ ...emptyEquipmentForm(), quantity: 0 });
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.errors).toMatchObject({
      code: 'Equipment code is required',
      name: 'Equipment name is required',
      location: 'Location is required',
      quantity: 'Quantity must be at least 1',
    });
  });

  it('sends a filled form, leaving the default category to the server', () => {
    const parsed = toEquipmentBody({
      ...emptyEquipmentForm(),
      code: 'CAM-01',
      name: 'Sony FX6',
      location: 'Store A',
      quantity: 3,
    });
    expect(parsed).toMatchObject({
      ok: true,
      body: {
        code: 'CAM-01',
        name: 'Sony FX6',
        location: 'Store A',
        quantity: 3,
        condition: 'good',
        category: undefined,
        description: null,
      },
    });
  });

  it('asks for the equipment and the purpose with one message; notes are optional', () => {
    expect(toRequestBody({ equipmentId: null, purpose: 'Match', notes: '', expectedReturnDate: '' })).toEqual({
      ok: false,
      message: 'Please fill in all required fields',
    });
    expect(toRequestBody({ equipmentId: '4', purpose: '   ', notes: '', expectedReturnDate: '' })).toEqual({
      ok: false,
      message: 'Please fill in all required fields',
    });
    expect(toRequestBody({ equipmentId: '4', purpose: 'Match', notes: '', expectedReturnDate: '' })).toEqual({
      ok: true,
      body: { equipmentId: 4, purpose: 'Match', notes: null },
    });
  });

  it('sends the picked return date as the end of that local day; refuses a past day or a bad value', () => {
    const now = new Date(2026, 10, 25, 15, 30);
    const form = { equipmentId: '4', purpose: 'Match', notes: '' };
    const today = toRequestBody({ ...form, expectedReturnDate: '2026-11-25' }, now);
    expect(today).toEqual({
      ok: true,
      body: {
        equipmentId: 4,
        purpose: 'Match',
        notes: null,
        expectedReturnDate: new Date(2026, 10, 25, 23, 59).toISOString(),
      },
    });
    expect(toRequestBody({ ...form, expectedReturnDate: '2026-11-24' }, now)).toEqual({
      ok: false,
      message: 'Expected return date must not be in the past',
    });
    expect(toRequestBody({ ...form, expectedReturnDate: '2026-02-30' }, now)).toEqual({
      ok: false,
      message: 'Expected return date must be a date',
    });
    expect(endOfLocalDay('tomorrow')).toBeNull();
    expect(localDay(now)).toBe('2026-11-25');
  });
});
