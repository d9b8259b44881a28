import type { z } from 'zod';
import { badRequest } from './errors';

/**
 * Parses input with a shared contract. A failure becomes 400 whose message names the first
 * bad field ("username: Username is required") and whose issues list every one.
 */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issues = result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
  const first = issues[0];
  const message = first ? (first.path ? `${first.path}: ${first.message}` : first.message) : 'Invalid input';
  throw badRequest(message, issues);
}

/** True if any string anywhere in the value holds a NUL byte (never valid text for us). */
export function containsNul(value: unknown, depth = 0): boolean {
  if (depth > 32) return false;
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some((v) => containsNul(v, depth + 1));
  if (value && typeof value === 'object') return Object.values(value).some((v) => containsNul(v, depth + 1));
  return false;
}
