import { equipmentItemPath } from '@/lib/field-paths';

/** Where the typed LAN address is remembered (per browser: it names this PC on this network). */
export const LAN_ADDRESS_KEY = 'cgb.labels.lanAddress';

const LOOPBACK_HOSTS = new Set(['localhost', '[::1]', '::1']);

/** A phone cannot reach localhost / 127.x: those are the phone itself. */
export function isLoopbackOrigin(origin: string): boolean {
  let host: string;
  try {
    host = new URL(origin).hostname.toLowerCase();
  } catch {
    return true;
  }
  return LOOPBACK_HOSTS.has(host) || host.endsWith('.localhost') || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/**
 * A typed address as an origin ('192.168.1.20:3000' → 'http://192.168.1.20:3000'), or null when
 * it is not a usable http(s) address a phone could open. Paths are dropped: the QR adds its own.
 */
export function normaliseLanAddress(input: string): string | null {
  const text = input.trim();
  if (!text) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `http://${text}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (!url.hostname || isLoopbackOrigin(url.origin)) return null;
  return url.origin;
}

/** The origin printed into the QR codes: this page's own, unless that is loopback (then the typed one). */
export function labelBaseUrl(pageOrigin: string, typed: string | null): string | null {
  if (!isLoopbackOrigin(pageOrigin)) return pageOrigin;
  return typed ? normaliseLanAddress(typed) : null;
}

/** What one label's QR holds: the full-page item view of the mobile field interface. */
export function labelUrl(baseUrl: string, code: string): string {
  return `${baseUrl}${equipmentItemPath(code)}`;
}

/** The server's LAN addresses a phone could open (loopback ones dropped, duplicates once). */
export function phoneReachable(addresses: readonly string[] | undefined): string[] {
  return [...new Set((addresses ?? []).filter((a) => !isLoopbackOrigin(a)))];
}

/**
 * Which offered LAN address the QR codes use: the one remembered from last time if the server
 * still has it (a PC with two networks: the operator chose the studio one), else the likeliest.
 */
export function chosenLanAddress(offered: readonly string[], remembered: string | null): string | null {
  const previous = remembered ? normaliseLanAddress(remembered) : null;
  if (previous && offered.includes(previous)) return previous;
  return offered[0] ?? null;
}
