import { z } from 'zod';
import { API_KEY_PERMISSIONS } from '../constants';

export const apiKeyPermissionSchema = z.enum(API_KEY_PERMISSIONS);
export type ApiKeyPermission = z.infer<typeof apiKeyPermissionSchema>;

export const apiKeySchema = z.object({
  id: z.number(),
  name: z.string(),
  /** First characters only; the full key is returned once, on creation. */
  keyPrefix: z.string(),
  permissions: z.array(apiKeyPermissionSchema),
  isActive: z.boolean(),
  createdAt: z.string(),
  lastUsed: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const createApiKeySchema = z.object({
  name: z
    .string({ error: 'Please enter a name for the API key' })
    .trim()
    .min(1, 'Please enter a name for the API key')
    .max(100),
  permissions: z
    .array(apiKeyPermissionSchema, { error: 'Please select at least one permission' })
    .min(1, 'Please select at least one permission'),
});

export const createApiKeyResponseSchema = apiKeySchema.extend({ key: z.string() });
export type CreatedApiKey = z.infer<typeof createApiKeyResponseSchema>;

export const updateApiKeySchema = z.object({ isActive: z.boolean({ error: 'isActive must be true or false' }) });
