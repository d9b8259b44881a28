import { z } from 'zod';
import { userSchema } from './users';

export const loginRequestSchema = z.object({
  username: z.string({ error: 'Username is required' }).trim().min(1, 'Username is required').max(256),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(1024),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const loginResponseSchema = z.object({ token: z.string(), user: userSchema });
export type LoginResponse = z.infer<typeof loginResponseSchema>;
