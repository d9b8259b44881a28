/** The full-page route (phones, QR labels) and the one inside the app shell: both render this feature. */
export const FIELD_BASE = '/field';
export const SHELL_BASE = '/mobile-field';

/** Which of the two the page is under, so its own links stay there. */
export function fieldBase(pathname: string): string {
  return pathname === FIELD_BASE || pathname.startsWith(`${FIELD_BASE}/`) ? FIELD_BASE : SHELL_BASE;
}

/** The QR target of one item: full page, no shell (spec-free; issue 12 QR labels). */
export function equipmentItemPath(code: string, base = FIELD_BASE): string {
  return `${base}/equipment/${encodeURIComponent(code)}`;
}
