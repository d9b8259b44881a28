import type { RequestHandler, Request } from 'express';
import type { Role, Roletype } from '../../shared/roles';
import { allows, needsCaller, type ControlScope, type RoleRule } from '../route-table-types';
import { forbidden, unauthorized } from './errors';

/** Who is calling, as established from the session — never from the body. */
export interface Actor {
  userId: number;
  companyId: number;
  role: Role;
  roletype: Roletype;
  username: string;
  fullName: string;
  tokenHash: string;
}

declare module 'express-serve-static-core' {
  interface Request {
    actor?: Actor;
  }
}

export function bearerToken(req: Request): string | null {
  const header = req.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/** The caller, or 401. Use in handlers behind `authenticate`. */
export function actorOf(req: Request): Actor {
  if (!req.actor) throw unauthorized();
  return req.actor;
}

/** What an API key route needs from the control module: the check that the key holds `scope`. */
export type KeyGuard = (scope: ControlScope) => RequestHandler;

/** Why a caller without the rule's right is refused (the permission case keeps the general 403). */
const REFUSED: Partial<Record<RoleRule['kind'], string>> = {
  devRoletype: 'Only developer accounts may do this',
  ownerOrDev: "Only the station's owner or a developer account may do this",
};

/**
 * The route table's rule as the middleware in front of a route's handlers (route-table.ts
 * guardRoutesFromTable): 401 without a caller, 403 when the rule refuses them. Null where the route
 * needs no session or the handler checks its own credential (a feed key, an API key or ticket in
 * the query). `ownOr`: only the gate here — whether the record is the caller's own is the service's.
 */
export function guardFor(rule: RoleRule, keyGuard: KeyGuard): RequestHandler | null {
  if (rule.kind === 'apiKeyScope') {
    const main = keyGuard(rule.scope);
    const when = rule.when;
    if (!when) return main;
    const other = keyGuard(when.scope);
    return (req, res, next) => (req.params[when.param] === when.value ? other : main)(req, res, next);
  }
  if (!needsCaller(rule) || rule.kind === 'apiKeyOrSession' || rule.kind === 'ticketOrSession') return null;
  return (req, _res, next) => {
    if (!allows(rule, actorOf(req), true)) throw forbidden(REFUSED[rule.kind]);
    next();
  };
}
