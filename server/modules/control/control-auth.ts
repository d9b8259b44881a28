import type { Request, RequestHandler } from 'express';
import type { CONTROL_SCOPES } from '../../../shared/constants';
import { bearerToken } from '../../lib/auth';
import { unauthorized } from '../../lib/errors';
import type { Caller } from '../../lib/idempotency';
import { API_KEY_PREFIX, type ApiKeysService, type VerifiedKey } from '../api-keys/api-keys.service';

export type ControlScope = (typeof CONTROL_SCOPES)[number];

declare module 'express-serve-static-core' {
  interface Request {
    /** The API key a control request was authorised by (modules/control). */
    apiKey?: VerifiedKey;
  }
}

/** The key from `X-API-Key`, or `Authorization: Bearer cgb_…` (what Companion's header field sends). */
export function apiKeyFrom(req: Request): string | undefined {
  const header = req.get('x-api-key')?.trim();
  if (header) return header;
  const bearer = bearerToken(req);
  return bearer?.startsWith(API_KEY_PREFIX) ? bearer : undefined;
}

/**
 * Lets a request through only with an active key of this station that holds `scope`; a session
 * alone is not enough (a panel acts with its own key, which can be switched off by itself). One
 * 401 for a missing, unknown, inactive or under-scoped key: the answer never tells which.
 */
export function requireScope(keys: ApiKeysService, scope: ControlScope): RequestHandler {
  return async (req, _res, next) => {
    const key = apiKeyFrom(req);
    const verified = key ? await keys.verify(key, scope) : null;
    if (!verified)
      throw unauthorized(
        `An active API key with the ${scope} scope is required (X-API-Key header or Authorization: Bearer cgb_…)`,
      );
    req.apiKey = verified;
    next();
  };
}

/** The key as an Idempotency-Key owner: its keys are its own, a replay needs the same company and scopes. */
export const keyCaller = (req: Request): Caller | undefined =>
  req.apiKey && {
    id: `key:${req.apiKey.keyId}`,
    rights: `${req.apiKey.companyId}:${[...req.apiKey.permissions].sort().join(',')}`,
  };

/**
 * The scope a clear needs: ending the emergency is the emergency switch's (control.emergency), as
 * DELETE /api/control/emergency is — a key made only to clear lower thirds must not end one
 * (issue 37 point 7). Every other type needs control.clear.
 */
export function requireClearScope(keys: ApiKeysService): RequestHandler {
  const clear = requireScope(keys, 'control.clear');
  const emergency = requireScope(keys, 'control.emergency');
  return (req, res, next) => (req.params.type === 'emergency' ? emergency : clear)(req, res, next);
}
