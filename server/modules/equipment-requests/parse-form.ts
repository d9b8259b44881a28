import type { z } from 'zod';
import { HttpError } from '../../lib/errors';
import { parse } from '../../lib/validate';

/**
 * The forms' messages are the spec's, verbatim ('Please fill in all required fields'), so the
 * toast shows them as they are: the first issue's message without the "field: " prefix; `issues`
 * still names the fields (as bulletins.routes does).
 */
export function parseForm<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  try {
    return parse(schema, body);
  } catch (err) {
    const first = err instanceof HttpError ? err.issues?.[0] : undefined;
    if (err instanceof HttpError && first) throw new HttpError(400, first.message, err.issues);
    throw err;
  }
}
