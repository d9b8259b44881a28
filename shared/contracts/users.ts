import { z } from 'zod';
import { ROLES, ROLETYPES } from '../roles';
import { DEFAULT_NEW_USER_ROLE, LIMITS } from '../constants';
import { expectedVersionSchema, requiredText } from './common';

/** What the server returns for a user; never a password hash. */
export const userSchema = z.object({
  id: z.number(),
  username: z.string(),
  fullName: z.string(),
  /** The spec also reads the full name as `name`. */
  name: z.string(),
  email: z.string().nullable(),
  role: z.enum(ROLES),
  roletype: z.enum(ROLETYPES),
  companyId: z.number(),
  isActive: z.boolean(),
  telegramId: z.string().nullable(),
  lastLogin: z.string().nullable(),
  createdAt: z.string(),
  /** +1 on every change; a save sends the version it started from (issue 26). */
  version: z.number(),
});
export type User = z.infer<typeof userSchema>;

const username = requiredText('Username is required', LIMITS.username.max)
  .refine((v) => v.length >= LIMITS.username.min, `Username must be at least ${LIMITS.username.min} characters`)
  .refine((v) => /^[A-Za-z0-9._-]+$/.test(v), 'Username may contain only letters, digits, dot, dash and underscore');

const password = z
  .string({ error: 'Password is required' })
  .min(LIMITS.password.min, `Password must be at least ${LIMITS.password.min} characters`)
  .max(LIMITS.password.max, `Password must be at most ${LIMITS.password.max} characters`);

const email = z
  .string()
  .trim()
  .max(LIMITS.email.max)
  .refine((v) => v === '' || z.email().safeParse(v).success, 'Email is not valid')
  .nullish()
  .transform((v) => (v ? v : null));

/** The bot id may arrive as a number or as text (spec: telegramId or telegramUserId). */
const telegramId = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).trim())
  .refine((v) => v === '' || /^-?\d{1,20}$/.test(v), 'Telegram ID must be a number')
  .nullish()
  .transform((v) => (v ? v : null));

export const createUserSchema = z.object({
  username,
  password,
  fullName: requiredText('Full name is required', LIMITS.fullName.max),
  email,
  role: z.enum(ROLES).default(DEFAULT_NEW_USER_ROLE),
  roletype: z.enum(ROLETYPES).optional(),
  telegramId,
  telegramUserId: telegramId,
  /** Sent by the old client (as 1); accepted and ignored — the company is the caller's. */
  companyId: z.unknown().optional(),
});
export type CreateUserInput = z.input<typeof createUserSchema>;

export const updateUserSchema = z.object({
  username: username.optional(),
  password: password.optional().or(z.literal('').transform(() => undefined)),
  fullName: requiredText('Full name is required', LIMITS.fullName.max).optional(),
  // .optional() first: a field left out stays out (a missing email/Telegram ID used to read as
  // null and clear it on every partial save, e.g. the Active switch — a lost update, issue 26).
  email: email.optional(),
  role: z.enum(ROLES).optional(),
  roletype: z.enum(ROLETYPES).optional(),
  isActive: z.boolean().optional(),
  telegramId: telegramId.optional(),
  telegramUserId: telegramId.optional(),
  version: expectedVersionSchema,
  companyId: z.unknown().optional(),
});
export type UpdateUserInput = z.input<typeof updateUserSchema>;
