/**
 * A loan request's number as every screen shows it: desktop, phone, reminders ('REQ-0042').
 * One format so a cameraman reading his phone and the desk reading the table say the same thing;
 * the padding keeps them the same width and sortable as text (ids past 9999 simply grow).
 */
export function requestNumber(id: number): string {
  return `REQ-${String(id).padStart(4, '0')}`;
}
