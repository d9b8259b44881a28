/**
 * "2 minutes ago" for conflict messages (issue 26). The server words its 409 message with its own
 * clock; the dialog re-words the same changedAt with the browser's clock as time passes.
 */
const UNITS: Array<[string, number]> = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

export function relativeTime(iso: string | null, now: Date): string {
  if (!iso) return 'just now';
  const ms = now.getTime() - new Date(iso).getTime();
  if (!Number.isFinite(ms) || ms < 60_000) return 'just now';
  for (const [unit, size] of UNITS) {
    const n = Math.floor(ms / size);
    if (n >= 1) return `${n} ${unit}${n === 1 ? '' : 's'} ago`;
  }
  return 'just now';
}
