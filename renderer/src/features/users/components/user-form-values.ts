import type { z } from 'zod';
import { DEFAULT_NEW_USER_ROLE } from '@shared/constants';
import {
  createUserSchema,
  updateUserSchema,
  type CreateUserInput,
  type UpdateUserInput,
  type User,
} from '@shared/contracts/users';
import type { Role } from '@shared/roles';

export interface UserFormValues {
  username: string;
  password: string;
  fullName: string;
  email: string;
  role: Role;
  telegramId: string;
}

export type FieldErrors = Partial<Record<keyof UserFormValues, string>>;

type Parsed<T> = { ok: true; body: T; errors: FieldErrors } | { ok: false; errors: FieldErrors };

export function emptyForm(): UserFormValues {
  return { username: '', password: '', fullName: '', email: '', role: DEFAULT_NEW_USER_ROLE, telegramId: '' };
}

export function formFromUser(user: User): UserFormValues {
  return {
    username: user.username,
    password: '',
    fullName: user.fullName,
    email: user.email ?? '',
    role: user.role,
    telegramId: user.telegramId ?? '',
  };
}

/** Maps schema issues to the form's fields (the bot id arrives as telegramUserId on create). */
function fieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '');
    const field = (key === 'telegramUserId' ? 'telegramId' : key) as keyof UserFormValues;
    errors[field] ??= issue.message;
  }
  return errors;
}

/** Validated with the server's own schema, so the form refuses exactly what the server would. */
export function toCreateInput(values: UserFormValues): Parsed<CreateUserInput> {
  const body: CreateUserInput = {
    username: values.username.trim(),
    password: values.password,
    fullName: values.fullName.trim(),
    email: values.email.trim(),
    role: values.role,
    telegramUserId: values.telegramId.trim(),
  };
  const result = createUserSchema.safeParse(body);
  return result.success ? { ok: true, body, errors: {} } : { ok: false, errors: fieldErrors(result.error) };
}

/** Only changed fields are sent; a blank password means 'unchanged'. */
export function toUpdateChanges(user: User, values: UserFormValues): Parsed<UpdateUserInput> {
  const original = formFromUser(user);
  const changes: UpdateUserInput = {};
  if (values.username.trim() !== original.username) changes.username = values.username.trim();
  if (values.fullName.trim() !== original.fullName) changes.fullName = values.fullName.trim();
  if (values.email.trim() !== original.email) changes.email = values.email.trim();
  if (values.role !== original.role) changes.role = values.role;
  if (values.telegramId.trim() !== original.telegramId) changes.telegramId = values.telegramId.trim();
  if (values.password) changes.password = values.password;
  const result = updateUserSchema.safeParse(changes);
  return result.success ? { ok: true, body: changes, errors: {} } : { ok: false, errors: fieldErrors(result.error) };
}
