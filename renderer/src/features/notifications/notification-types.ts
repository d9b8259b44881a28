/** A client-side notification (spec 000 §3); the shared rules build them on the server. */
export type { ClientNotification } from '@shared/notification-rules';
