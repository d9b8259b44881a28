import {
  EXPECTED_RETURN_IN_PAST,
  createEquipmentRequestSchema,
  createEquipmentSchema,
  type CreateEquipmentInput,
  type CreateEquipmentRequestInput,
} from '@shared/contracts/equipment';
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
export const emptyEquipmentForm = (): EquipmentFormValues => ({
  code: '',
  name: '',
  location: '',
  category: '',
  condition: 'good',
  quantity: 1,
  description: '',
});

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
  return {
    ok: true,
    body: { ...input, category: values.category.trim() || undefined, description: values.description.trim() || null },
  };
}

export interface RequestFormValues {
  equipmentId: string | null;
  purpose: string;
  notes: string;
  /** The date picker's 'YYYY-MM-DD' ('' = the server's default loan time). */
  expectedReturnDate: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A day as the date input writes it, in the browser's zone (the picker's `min` is today). */
export function localDay(at: Date): string {
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

/**
 * "Return by 12 Dec" means by the end of that day where the user is: 23:59 local, sent as UTC.
 * Reminders and the overdue mark then start after the day the user chose, not at its first minute.
 */
export function endOfLocalDay(day: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return null;
  const at = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 23, 59, 0, 0);
  return localDay(at) === day ? at : null;
}

/** Spec 001 §5: equipment and purpose required, one message for both; notes optional. */
export const REQUIRED_FIELDS_MESSAGE = 'Please fill in all required fields';

export const RETURN_DATE_INVALID = 'Expected return date must be a date';

export function toRequestBody(
  values: RequestFormValues,
  now = new Date(),
): { ok: true; body: CreateEquipmentRequestInput } | { ok: false; message: string } {
  const body = { equipmentId: Number(values.equipmentId), purpose: values.purpose, notes: values.notes.trim() || null };
  if (!values.equipmentId || !createEquipmentRequestSchema.safeParse(body).success)
    return { ok: false, message: REQUIRED_FIELDS_MESSAGE };
  if (!values.expectedReturnDate) return { ok: true, body };
  const due = endOfLocalDay(values.expectedReturnDate);
  if (!due) return { ok: false, message: RETURN_DATE_INVALID };
  // The server refuses it too (against its clock); saying it here keeps the form open and filled.
  if (due.getTime() < now.getTime()) return { ok: false, message: EXPECTED_RETURN_IN_PAST };
  return { ok: true, body: { ...body, expectedReturnDate: due.toISOString() } };
}
