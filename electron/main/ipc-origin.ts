/**
 * Pure: may a frame at `frameUrl` use the desktop bridge? Only pages of this app's own server
 * (same scheme, host and port). A window that navigated elsewhere, an embedded iframe from
 * another site, a file:// page or a frame whose URL is unknown gets nothing.
 */
export function isOwnOrigin(frameUrl: string | null | undefined, allowedOrigin: string | null): boolean {
  if (!frameUrl || !allowedOrigin || !URL.canParse(frameUrl)) return false;
  const origin = new URL(frameUrl).origin;
  // An opaque origin ("null": file:, data:, about:) never matches, even a "null" allowed one.
  return origin !== 'null' && origin === allowedOrigin;
}
