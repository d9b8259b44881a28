import type { LabelBaseUrl } from './use-label-base-url';

/**
 * Why Print is off, or null when the labels may be printed (issue 39 point 12). A sheet printed
 * while no phone-reachable address is known has no QR codes — labels nobody can scan, found out
 * only after they are stuck on the kit — so Print waits for an address and says so.
 */
export function printBlockedReason(label: Pick<LabelBaseUrl, 'pending' | 'baseUrl'>, labels: number): string | null {
  if (labels === 0) return 'Select equipment to print labels for.';
  if (label.pending) return 'Finding the address phones reach this PC at…';
  if (!label.baseUrl)
    return 'Print is off until the QR codes have an address phones can open: enter this PC’s LAN address below. Labels without QR codes cannot be scanned.';
  return null;
}
