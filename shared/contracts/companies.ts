import { z } from 'zod';
import { LIMITS } from '../constants';
import { requiredText } from './common';
import { createUserSchema, userSchema } from './users';

export const companySchema = z.object({
  id: z.number(),
  name: z.string(),
  /** The old client reads the name under this key (docs/product.md §API). */
  CompanyName: z.string(),
  logo: z.string().nullable(),
  licenseKey: z.string().nullable(),
  licenseExpiry: z.string().nullable(),
  isActive: z.boolean(),
  createdAt: z.string(),
});
export type Company = z.infer<typeof companySchema>;

export const createCompanySchema = z.object({
  name: requiredText('Company name is required', LIMITS.companyName.max),
  ownerUsername: createUserSchema.shape.username,
  ownerPassword: createUserSchema.shape.password,
  ownerFullName: createUserSchema.shape.fullName,
});
export type CreateCompanyInput = z.input<typeof createCompanySchema>;

export const createCompanyResponseSchema = z.object({ company: companySchema, owner: userSchema });
