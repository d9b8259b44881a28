import type { RequestHandler, Request } from 'express';
import { can, isDev, type Permission, type Role, type Roletype } from '../../shared/roles';
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

export const requireAuth: RequestHandler = (req, _res, next) => {
  actorOf(req);
  next();
};

export function requirePermission(permission: Permission): RequestHandler {
  return (req, _res, next) => {
    if (!can(actorOf(req), permission)) throw forbidden();
    next();
  };
}

export const requireDev: RequestHandler = (req, _res, next) => {
  if (!isDev(actorOf(req))) throw forbidden('Only developer accounts may do this');
  next();
};
