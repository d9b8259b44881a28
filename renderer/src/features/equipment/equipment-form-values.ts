import { createEquipmentRequestSchema, createEquipmentSchema, type CreateEquipmentInput, type CreateEquipmentRequestInput } from '@shared/contracts/equipment';
import type { EQUIPMENT_CONDITIONS } from '@shared/constants';

export type Condition = (typeof EQUIPMENT_CONDITIONS)[number];

export interface EquipmentFormValues {
  code: string;
  name: string;
  location: string;
  category: string;
  condition: Condition;
  quantity: number | string;
  description: string;
}

/** Spec 001 §5 and §9: condition good, quantity 1. */
export const emptyEquipmentForm = (): EquipmentFormValues => ({ code: '', name: '', location: '', category: '', condition: 'good', quantity: 1, description: '' });

export type FieldErrors<K extends string> = Partial<Record<K, string>>;
export type Parsed<T, K extends string> = { ok: true; body: T } | { ok: false; errors: FieldErrors<K> };

/** The first message per field, from the one shared schema the server also parses with. */
function firstErrors<K extends string>(issues: readonly { path: PropertyKey[]; message: string }[]): FieldErrors<K> {
  const errors: FieldErrors<K> = {};
  for (const issue of issues) {
    const field = String(issue.path[0]) as K;
    errors[field] ??= issue.message;
  }
  return errors;
}

export function toEquipmentBody(values: EquipmentFormValues): Parsed<CreateEquipmentInput, keyof EquipmentFormValues> {
  const input = { ...values, quantity: values.quantity === '' ? undefined : values.quantity };
  const parsed = createEquipmentSchema.safeParse(input);
  if (!parsed.success) return { ok: false, errors: firstErrors(parsed.error.issues) };
  return { ok: true, body: { ...input, category: values.category.trim() || undefined, description: values.description.trim() || null } };
}

export interface RequestFormValues {
  equipmentId: string | null;
  purpose: string;
  notes: string;
}

/** Spec 001 §5: equipment and purpose required, one message for both; notes optional. */
export const REQUIRED_FIELDS_MESSAGE = 'Please fill in all required fields';

export function toRequestBody(values: RequestFormValues): { ok: true; body: CreateEquipmentRequestInput } | { ok: false; message: string } {
  const body = { equipmentId: Number(values.equipmentId), purpose: values.purpose, notes: values.notes.trim() || null };
  if (!values.equipmentId || !createEquipmentRequestSchema.safeParse(body).success) return { ok: false, message: REQUIRED_FIELDS_MESSAGE };
  return { ok: true, body };
}
