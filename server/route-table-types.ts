import type { z } from 'zod';
import type { CONTROL_SCOPES } from '../shared/constants';
import { can, isDev, type Permission, type Principal } from '../shared/roles';

export type ControlScope = (typeof CONTROL_SCOPES)[number];

/**
 * Who may call a route (docs/design-rules.md §5, shared/roles.ts) — the one place it is written:
 * the app puts the guard built from it in front of the route's handlers (lib/auth.ts guardFor).
 * `ownOr`: the record's own user (its creator, the session's reader, or the user themself) or
 * anyone holding one of `others`; `gate` is checked first, before the record is looked at (the
 * guard checks the gate; the service, which reads the record, checks the rest).
 */
export type RoleRule =
  | { kind: 'public' }
  | { kind: 'feedKey' }
  | { kind: 'signedIn' }
  /** A session, or a cg_files API key the handler checks (`?apiKey=` / X-API-Key). */
  | { kind: 'apiKeyOrSession' }
  /** A session, or a download ticket in `?ticket=` the handler checks (a browser link). */
  | { kind: 'ticketOrSession' }
  /**
   * An API key holding `scope` (Stream Deck control, issue 25); a session alone is refused 401.
   * `when`: the path parameter value that needs another scope instead.
   */
  | { kind: 'apiKeyScope'; scope: ControlScope; when?: { param: string; value: string; scope: ControlScope } }
  | { kind: 'permission'; permission: Permission }
  | { kind: 'devRoletype' }
  | { kind: 'ownerOrDev' }
  | { kind: 'ownOr'; gate: Permission | null; others: Permission[] };

/** The kinds of record a route's path names; the matrix seeds one of each per company. */
export type RecordKind =
  | 'news'
  | 'deletedNews'
  | 'user'
  | 'cgFile'
  | 'apiKey'
  | 'bulletin'
  | 'prompter'
  | 'prompterSession'
  | 'equipment'
  | 'loan'
  | 'appFile'
  | 'wireFeed'
  | 'wireItem'
  | 'output';

/**
 * Company scoping. `none`: no company data (health, login). `session`: the company comes from
 * the session only. `record`: `:param` (or `body.<field>`) names a record of `kind`; another
 * company's → 404 (`devCrosses`: a roletype dev may reach every company's).
 * `companyParam`: the path names a company (app versions): another company's is refused 403, a
 * dev may act on any. `key`: the key in the path is the credential (update feed, HTML overlay page).
 */
export type Scope =
  | { kind: 'none' }
  | { kind: 'session' }
  | { kind: 'record'; param: string; record: RecordKind; devCrosses?: boolean }
  | { kind: 'companyParam'; param: string }
  | { kind: 'key' };

/** What the body must be: a zod contract, multipart (uploads), or nothing. */
export type BodyContract = z.ZodType | 'multipart' | null;

export interface RouteEntry {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The full path as mounted, Express syntax (`/api/news/:id`). */
  path: string;
  rule: RoleRule;
  scope: Scope;
  body: BodyContract;
}

export const publicRoute: RoleRule = { kind: 'public' };
export const signedIn: RoleRule = { kind: 'signedIn' };
export const devRoletype: RoleRule = { kind: 'devRoletype' };
export const ownerOrDev: RoleRule = { kind: 'ownerOrDev' };
export const permission = (p: Permission): RoleRule => ({ kind: 'permission', permission: p });
export const ownOr = (gate: Permission | null, ...others: Permission[]): RoleRule => ({ kind: 'ownOr', gate, others });

export const noScope: Scope = { kind: 'none' };
export const bySession: Scope = { kind: 'session' };
export const record = (kind: RecordKind, param = 'id', devCrosses = false): Scope => ({
  kind: 'record',
  param,
  record: kind,
  devCrosses,
});
export const perm = permission;
export const apiKeyScope = (
  scope: ControlScope,
  when?: { param: string; value: string; scope: ControlScope },
): RoleRule => ({ kind: 'apiKeyScope', scope, when });

/**
 * Whether the rule lets a signed-in principal through. `own`: the record named is the caller's
 * own (they created it, or it is them). Public and key routes do not look at the session.
 */
export function allows(rule: RoleRule, who: Principal, own = false): boolean {
  switch (rule.kind) {
    case 'public':
    case 'feedKey':
    case 'signedIn':
    case 'apiKeyOrSession':
    case 'ticketOrSession':
      return true;
    case 'apiKeyScope':
      return false;
    case 'permission':
      return can(who, rule.permission);
    case 'devRoletype':
      return isDev(who);
    case 'ownerOrDev':
      return isDev(who) || who.role === 'owner';
    case 'ownOr':
      return (rule.gate === null || can(who, rule.gate)) && (own || rule.others.some((p) => can(who, p)));
  }
}

/** Whether the route needs a session (or an API key) at all: 401 without one. */
export const needsCaller = (rule: RoleRule) => rule.kind !== 'public' && rule.kind !== 'feedKey';

/** One row: method, full path, who, which company's data, what body. */
export const route = (
  method: RouteEntry['method'],
  path: string,
  rule: RoleRule,
  scope: Scope,
  body: BodyContract = null,
): RouteEntry => ({
  method,
  path,
  rule,
  scope,
  body,
});
