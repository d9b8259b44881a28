import { randomBytes } from 'node:crypto';
import { isDev, type Principal } from '../../shared/roles';
import { routeKey } from '../route-table';
import { allows, needsCaller, type RecordKind, type RouteEntry } from '../route-table-types';
import type { ApiClient } from './api-client';

/** A caller of the matrix: a role (roletype user), or the first owner who is roletype dev. */
export interface MatrixActor extends Principal {
  label: string;
  client: ApiClient;
}

/** Ids of one company: its id and one record of every kind. */
export interface CompanyIds {
  companyId: number;
  record: (kind: RecordKind) => Promise<string>;
}

/**
 * Valid bodies for the routes whose record is named in the body or that validate the body before
 * looking the record up: with `{}` they would answer 400 before the role or company check shows.
 */
export const SAMPLES: Record<string, (id: string) => unknown> = {
  'PUT /api/users/:id': () => ({ fullName: 'Renamed in the matrix' }),
  'PUT /api/news/:id': () => ({ title: 'Edited in the matrix' }),
  'PUT /api/wires/feeds/:id': () => ({
    name: 'Edited in the matrix',
    url: `http://127.0.0.1:9/edited-${randomBytes(4).toString('hex')}.xml`,
    enabled: false,
  }),
  'POST /api/news/:id/reject': () => ({ reason: 'Sent back in the matrix' }),
  'POST /api/news/:id/unapprove': () => ({ reason: 'Taken back in the matrix' }),
  // The story and the right to edit it are checked before the revision id (random here): 404 / 403 first.
  'POST /api/news/:id/revisions/:revisionId/restore': () => ({}),
  'POST /api/news/:id/create-cg': () => ({ cgType: 'infoline', contentSource: 'title' }),
  'PUT /api/cg-files/:id': () => ({ content: 'Edited in the matrix' }),
  // Nothing staged in the matrix: an allowed caller gets 409 Nothing to take.
  'POST /api/cg-files/take': () => ({ version: 1 }),
  'PATCH /api/company/api-keys/:id': () => ({ isActive: false }),
  'PUT /api/bulletins/:id': () => ({
    title: 'Edited',
    broadcastTime: '21:00',
    scheduledTime: new Date().toISOString(),
    bulletinItems: [{ type: 'break', breakType: 'LOCAL BREAK' }],
  }),
  'PUT /api/prompters/:id': () => ({ name: 'Edited in the matrix' }),
  'PUT /api/prompter-sessions/:id/end': () => ({}),
  'PATCH /api/equipment/:id': () => ({ name: 'Edited in the matrix' }),
  'PUT /api/equipment/:id/status': () => ({ status: 'maintenance' }),
  // return_requested is the 'anyone' step (the route's signedIn rule); from pending it is a 409.
  'PUT /api/equipment-requests/:id': () => ({ status: 'return_requested' }),
  'PUT /api/equipment-requests/:id/reject': () => ({ reason: 'Booked for the election night' }),
  'PUT /api/equipment-requests/:id/return': () => ({}),
  'PUT /api/equipment-requests/:id/approve-return': () => ({ condition: 'good', damageNote: '' }),
  'POST /api/equipment-requests/:id/extend': () => ({
    newReturnDate: new Date(Date.now() + 7 * 86_400_000).toISOString(),
  }),
  'POST /api/equipment-requests': (id) => ({ equipmentId: Number(id), purpose: 'Matrix shoot' }),
  'POST /api/mobile/equipment-requests': (id) => ({ equipmentId: Number(id), purpose: 'Matrix shoot' }),
  'POST /api/equipment-extension/approve': (id) => ({ requestId: Number(id), approved: true }),
  'POST /api/telegram/send-equipment-reminder': (id) => ({ requestId: Number(id) }),
  'PUT /api/notification-preferences/:userId': () => ({}),
  'PUT /api/outputs/:id': () => ({
    kind: 'vmix',
    name: `Edited ${randomBytes(3).toString('hex')}`,
    enabled: false,
    config: { url: 'http://127.0.0.1:9', input: 'Title', mapping: [{ type: 'headline', field: 'Headline.Text' }] },
  }),
};

/**
 * What the table and shared/roles.ts predict. `allowed`: past the role and company checks — any
 * answer but 401/403/404 and 500 (a 503 "Telegram bot not connected" is an allowed caller told
 * the station has no bot; a 500 is a defect anywhere).
 */
export type Expected = 401 | 403 | 404 | 'allowed' | '403or404';

export function expectedFor(entry: RouteEntry, who: Principal | null, foreign: boolean): Expected {
  if (entry.rule.kind === 'feedKey') return 404; // the matrix never holds a valid feed key
  if (entry.rule.kind === 'apiKeyScope') return 401; // nor an API key: a session is not enough (control.test.ts has keys)
  if (!who) return needsCaller(entry.rule) ? 401 : 'allowed';
  const allowed = allows(entry.rule, who);
  if (!foreign) return allowed ? 'allowed' : 403;
  if (!allowed) return '403or404'; // refused either way; neither answer tells the record exists
  if (entry.scope.kind === 'companyParam') return isDev(who) ? 'allowed' : 403;
  if (entry.scope.kind === 'record' && entry.scope.devCrosses && isDev(who)) return 'allowed';
  return 404;
}

export function matches(expected: Expected, status: number): boolean {
  if (expected === 'allowed') return status !== 500 && ![401, 403, 404].includes(status);
  if (expected === '403or404') return status === 403 || status === 404;
  return status === expected;
}

/** Routes whose allowed call changes or removes the record: each such call gets a fresh one. */
export const changesRecord = (entry: RouteEntry) =>
  entry.method !== 'GET' && entry.scope.kind === 'record' && !entry.scope.param.startsWith('body.');

/** The request one cell of the matrix sends: path with ids filled in, and the body. */
export function requestFor(
  entry: RouteEntry,
  companyId: number,
  recordId: string | null,
): { path: string; body: unknown } {
  const scope = entry.scope;
  const param = scope.kind === 'record' ? scope.param : null;
  const path = entry.path.replace(/:(\w+)/g, (_m, name: string) => {
    if (name === param) return recordId ?? '0';
    if (name === 'companyId') return String(companyId);
    if (name === 'key') return '0'.repeat(48);
    if (name === 'groupId') return '-1001234567890';
    // Never a valid decimal id: an all-digit draw (~2 % of 8 hex digits) once reached the revision
    // lookup of a real story and answered 404, failing the matrix at random.
    return `x${randomBytes(4).toString('hex')}`;
  });
  const sample = SAMPLES[routeKey(entry)];
  const body = sample ? sample(recordId ?? '0') : entry.method === 'GET' || entry.method === 'DELETE' ? undefined : {};
  return { path, body };
}
