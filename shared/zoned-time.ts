/**
 * Times as a person at the station reads them (issue 39 point 14): the as-run page and its CSV
 * show the station's wall clock with its offset, not the viewer's laptop zone and not UTC "…Z".
 * Pure; the CSV export formats 100 000 rows, so the zone's offset is looked up through Intl once
 * per quarter hour (every offset change in tzdata falls on a quarter hour) and the rest is sums.
 */

const QUARTER_HOUR_MS = 900_000;
const MINUTE_MS = 60_000;
const CACHE_LIMIT = 5_000;

const formatters = new Map<string, Intl.DateTimeFormat>();
const offsets = new Map<string, number>();

function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, f);
  }
  return f;
}

/** Minutes the zone's wall clock is ahead of UTC at `ms` (Malé: 300; New York in winter: -300). */
export function offsetMinutes(ms: number, zone: string): number {
  const key = `${zone}|${Math.floor(ms / QUARTER_HOUR_MS)}`;
  const known = offsets.get(key);
  if (known !== undefined) return known;
  const parts = formatter(zone).formatToParts(new Date(ms));
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second'));
  const offset = Math.round((wall - Math.floor(ms / 1000) * 1000) / MINUTE_MS);
  if (offsets.size > CACHE_LIMIT) offsets.clear();
  offsets.set(key, offset);
  return offset;
}

const pad = (n: number, width = 2) => String(Math.abs(n)).padStart(width, '0');

function wallParts(iso: string, zone: string) {
  const ms = Date.parse(iso);
  const offset = offsetMinutes(ms, zone);
  const d = new Date(ms + offset * MINUTE_MS);
  const date = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
  const time = `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}.${pad(d.getUTCMilliseconds(), 3)}`;
  const sign = offset < 0 ? '-' : '+';
  return { date, time, offsetText: `${sign}${pad(Math.trunc(offset / 60))}:${pad(offset % 60)}` };
}

/** "2026-11-28 17:38:26.123" on the zone's wall clock (the as-run page's Time column). */
export function zonedStamp(iso: string, zone: string): string {
  const p = wallParts(iso, zone);
  return `${p.date} ${p.time}`;
}

/** ISO 8601 with the zone's offset: "2026-11-28T17:38:26.123+05:00" (the as-run CSV). */
export function zonedIso(iso: string, zone: string): string {
  const p = wallParts(iso, zone);
  return `${p.date}T${p.time}${p.offsetText}`;
}

/**
 * The moment a calendar day ('2026-11-28') starts in `zone`, as ISO UTC: the as-run filter's
 * From/To days are the station's days. Two passes settle a day that starts near a DST change.
 */
export function zonedDayStart(day: string, zone: string): string {
  const [y, m, d] = day.split('-').map(Number);
  const wallMidnight = Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1);
  let ms = wallMidnight - offsetMinutes(wallMidnight, zone) * MINUTE_MS;
  ms = wallMidnight - offsetMinutes(ms, zone) * MINUTE_MS;
  return new Date(ms).toISOString();
}

/** The day after `day` ('2026-11-28' → '2026-11-29'), calendar arithmetic only. */
export function nextDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, (d ?? 1) + 1)).toISOString().slice(0, 10);
}
