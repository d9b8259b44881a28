import { saveAppVersionSchema } from '../shared/contracts/app-versions';
import {
  createEquipmentRequestSchema,
  createEquipmentSchema,
  equipmentReminderSchema,
  equipmentStatusBodySchema,
  checkInSchema,
  extensionDecisionSchema,
  rejectRequestSchema,
  requestExtensionSchema,
  setRequestStatusSchema,
  updateEquipmentSchema,
} from '../shared/contracts/equipment';
import { googleSheetsSettingsInputSchema } from '../shared/contracts/google-sheets';
import { testMessageSchema, testNotificationSchema } from '../shared/contracts/telegram';
import { bulkEnvelopeSchema } from './workers/bulk-check';
import {
  bySession,
  devRoletype,
  noScope,
  ownerOrDev,
  ownOr,
  perm,
  record,
  route,
  signedIn,
  type RouteEntry,
} from './route-table-types';

const approver = perm('equipmentRequests.approve');
/** The requester, an owner/admin, or equipment staff (shared/equipment-transitions.ts 'participant'). */
const participant = ownOr(null, 'equipmentRequests.approve', 'equipment.manage');

/** Equipment, loans, the mobile page, Telegram, Google Sheets and app versions. */
export const EQUIPMENT_AND_ADMIN_ROUTES: RouteEntry[] = [
  route('GET', '/api/equipment', signedIn, bySession),
  route('GET', '/api/equipment/export.csv', perm('equipment.manage'), bySession),
  route('POST', '/api/equipment', perm('equipment.manage'), bySession, createEquipmentSchema),
  route('POST', '/api/equipment/bulk', perm('equipment.manage'), bySession, bulkEnvelopeSchema),
  route('PATCH', '/api/equipment/:id', perm('equipment.manage'), record('equipment'), updateEquipmentSchema),
  route('PUT', '/api/equipment/:id/status', perm('equipment.manage'), record('equipment'), equipmentStatusBodySchema),
  route('DELETE', '/api/equipment/:id', perm('equipment.manage'), record('equipment')),

  route('GET', '/api/equipment-requests', signedIn, bySession),
  route(
    'POST',
    '/api/equipment-requests',
    signedIn,
    record('equipment', 'body.equipmentId'),
    createEquipmentRequestSchema,
  ),
  route('POST', '/api/equipment-requests/cleanup-duplicates', approver, bySession),
  // The generic {status} form: the step the status names decides who may (the service checks).
  route('PUT', '/api/equipment-requests/:id', signedIn, record('loan'), setRequestStatusSchema),
  route('PUT', '/api/equipment-requests/:id/approve', approver, record('loan')),
  route('PUT', '/api/equipment-requests/:id/reject', approver, record('loan'), rejectRequestSchema),
  route('PUT', '/api/equipment-requests/:id/checkout', participant, record('loan')),
  // Anyone's Return: an approver takes the unit back, anyone else asks for it (request_return).
  route('PUT', '/api/equipment-requests/:id/return', signedIn, record('loan'), checkInSchema),
  route('PUT', '/api/equipment-requests/:id/approve-return', approver, record('loan'), checkInSchema),
  route('POST', '/api/equipment-requests/:id/extend', participant, record('loan'), requestExtensionSchema),
  route(
    'POST',
    '/api/equipment-extension/approve',
    approver,
    record('loan', 'body.requestId'),
    extensionDecisionSchema,
  ),
  route('GET', '/api/mobile/equipment', signedIn, bySession),
  route('GET', '/api/mobile/equipment-requests', signedIn, bySession),
  route(
    'POST',
    '/api/mobile/equipment-requests',
    signedIn,
    record('equipment', 'body.equipmentId'),
    createEquipmentRequestSchema,
  ),
  route('GET', '/api/mobile/user-permissions/:id', ownOr(null, 'users.manage'), record('user')),

  route(
    'POST',
    '/api/telegram/send-equipment-reminder',
    approver,
    record('loan', 'body.requestId'),
    equipmentReminderSchema,
  ),
  route('GET', '/api/telegram/test', signedIn, bySession),
  route('POST', '/api/telegram/test-message', perm('settings.manage'), bySession, testMessageSchema),
  // `{}` is the personal test (everyone's); a groupId needs settings.manage (checked in the route).
  route('POST', '/api/telegram/test-notification', signedIn, bySession, testNotificationSchema),
  route('GET', '/api/telegram/group-topics/:groupId', perm('settings.manage'), bySession),
  route('GET', '/api/google-sheets/test', signedIn, bySession),
  route('GET', '/api/google-sheets/url', signedIn, bySession),
  route('GET', '/api/google-sheets/settings', perm('settings.manage'), bySession),
  route('PUT', '/api/google-sheets/settings', perm('settings.manage'), bySession, googleSheetsSettingsInputSchema),
  route('POST', '/api/google-sheets/sync-to-sheet', perm('settings.manage'), bySession),
  route('POST', '/api/google-sheets/sync-from-sheet', perm('settings.manage'), bySession),
  route('POST', '/api/google-sheets/sync-now', perm('settings.manage'), bySession),
  route('POST', '/api/google-sheets/create-sheet', perm('settings.manage'), bySession),

  // App versions: a dev sees every company's; an owner manages their own (docs/design-rules.md §5).
  route('GET', '/api/app-versions/all', devRoletype, noScope),
  route('GET', '/api/app-version', signedIn, bySession),
  route('POST', '/api/app-version', ownerOrDev, bySession, saveAppVersionSchema),
  route('PUT', '/api/app-version', ownerOrDev, bySession, saveAppVersionSchema),
  route('DELETE', '/api/app-version/:companyId', ownerOrDev, { kind: 'companyParam', param: 'companyId' }),
  route('POST', '/api/app-version/upload', ownerOrDev, bySession, 'multipart'),
  route('POST', '/api/app-version/files/:fileId/ticket', signedIn, record('appFile', 'fileId', true)),
  // A download ticket in ?ticket= stands in for the session (a browser link).
  route('GET', '/api/app-version/files/:fileId', { kind: 'ticketOrSession' }, record('appFile', 'fileId', true)),
  route('GET', '/api/app-versions/feed/:companyId/:key/latest.yml', { kind: 'feedKey' }, { kind: 'key' }),
  route('GET', '/api/app-versions/feed/:companyId/:key/:fileId/:name', { kind: 'feedKey' }, { kind: 'key' }),
];
