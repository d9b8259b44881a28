/**
 * A loan request's number as every screen shows it: desktop, phone, reminders ('REQ-0042').
 * One format so a cameraman reading his phone and the desk reading the table say the same thing;
 * the padding keeps them the same width and sortable as text (ids past 9999 simply grow).
 */
export function requestNumber(id: number): string {
  return `REQ-${String(id).padStart(4, '0')}`;
}

/**
 * The request a person typed (Telegram /return, /approvals): what the screens show ('REQ-0042'),
 * '#42' or a bare '42'. Digits only, so '4e1' or '0x2A' is no request.
 */
export function parseRequestNumber(text: string | undefined): number | null {
  const digits = /^(?:REQ-|#)?(\d{1,9})$/i.exec((text ?? '').trim())?.[1];
  const id = digits === undefined ? 0 : Number(digits);
  return id > 0 ? id : null;
}
