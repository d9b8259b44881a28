import { describe, expect, it } from 'vitest';
import { emptyEquipmentForm, toEquipmentBody, toRequestBody } from './equipment-form-values';

describe('equipment form values', () => {
  it('starts with condition good and quantity 1', () => {
    expect(emptyEquipmentForm()).toMatchObject({ condition: 'good', quantity: 1 });
  });

  it('names each missing required field with the shared schema messages', () => {
    const parsed = toEquipmentBody({ ...emptyEquipmentForm(), quantity: 0 });
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.errors).toMatchObject({ code: 'Equipment code is required', name: 'Equipment name is required', location: 'Location is required', quantity: 'Quantity must be at least 1' });
  });

  it('sends a filled form, leaving the default category to the server', () => {
    const parsed = toEquipmentBody({ ...emptyEquipmentForm(), code: 'CAM-01', name: 'Sony FX6', location: 'Store A', quantity: 3 });
    expect(parsed).toMatchObject({ ok: true, body: { code: 'CAM-01', name: 'Sony FX6', location: 'Store A', quantity: 3, condition: 'good', category: undefined, description: null } });
  });

  it('asks for the equipment and the purpose with one message; notes are optional', () => {
    expect(toRequestBody({ equipmentId: null, purpose: 'Match', notes: '' })).toEqual({ ok: false, message: 'Please fill in all required fields' });
    expect(toRequestBody({ equipmentId: '4', purpose: '   ', notes: '' })).toEqual({ ok: false, message: 'Please fill in all required fields' });
    expect(toRequestBody({ equipmentId: '4', purpose: 'Match', notes: '' })).toEqual({ ok: true, body: { equipmentId: 4, purpose: 'Match', notes: null } });
  });
});
