import { z } from 'zod';
import { NOTIFICATION_TIMEZONES } from './constants';

/**
 * IANA time zones (issue 22 point 20): the station's zone is a company setting and the default
 * of every user's quiet hours. Server and browser validate with their own Intl, which is the
 * same clock the quiet-hours rule (shared/quiet-hours.ts) later reads the zone with.
 */

/** Spec 001 §3: quiet hours default to UTC — also the station's zone until an owner sets one. */
export const DEFAULT_TIME_ZONE = 'UTC';
export const TIME_ZONE_MAX_LENGTH = 64;
export const TIME_ZONE_EXAMPLE = 'Indian/Maldives';

/** Area/Location names; an offset such as '+05:00' is not a zone (it ignores daylight saving). */
const ZONE_SHAPE = /^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+)*$/;

/** Every zone this runtime's Intl knows, UTC first (Node 20's list leaves UTC out). */
export function supportedTimeZones(): string[] {
  const listed = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [DEFAULT_TIME_ZONE, ...listed.filter((z) => z !== DEFAULT_TIME_ZONE)];
}

let known: Map<string, string> | null = null;
/** lower-case name → the listed spelling, so 'indian/maldives' is stored as 'Indian/Maldives'. */
function knownSpellings(): Map<string, string> {
  known ??= new Map(supportedTimeZones().map((z) => [z.toLowerCase(), z]));
  return known;
}

/**
 * The zone as it will be stored, or null when Intl does not know it. Aliases Intl accepts but does
 * not list (Asia/Calcutta) are kept as written: the browser's list may name them differently.
 */
export function canonicalTimeZone(zone: string): string | null {
  const text = zone.trim();
  if (!text || text.length > TIME_ZONE_MAX_LENGTH || !ZONE_SHAPE.test(text)) return null;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: text });
  } catch {
    return null;
  }
  return knownSpellings().get(text.toLowerCase()) ?? text;
}

/** A zod field for a time zone; the message names what to write (400 naming the field). */
export function timeZoneField(label: string) {
  const message = `${label} must be an IANA time zone such as ${TIME_ZONE_EXAMPLE}`;
  return z.string({ error: message }).transform((value, ctx) => {
    const zone = canonicalTimeZone(value);
    if (zone) return zone;
    ctx.addIssue({ code: 'custom', message });
    return z.NEVER;
  });
}

/** The spec's names for its five zones ('Japan (Asia/Tokyo)'); any other zone is its IANA name. */
export function timeZoneLabel(zone: string): string {
  return NOTIFICATION_TIMEZONES.find((t) => t.value === zone)?.label ?? zone;
}

/** 'UTC+05:00' at `at` (daylight saving moves it, so it is a hint, never stored). */
export function utcOffsetText(zone: string, at: Date): string {
  try {
    const parts = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' }).formatToParts(at);
    const name = parts.find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
    return name === 'GMT' ? 'UTC+00:00' : name.replace('GMT', 'UTC');
  } catch {
    return '';
  }
}

/**
 * Options for a zone picker: UTC, then the station's zone, then every other zone A–Z; a saved
 * zone the list does not hold (an alias) is kept so the picker can still show it.
 */
export function timeZoneOptions(zones: readonly string[], first: readonly string[] = []): string[] {
  const rest = [...new Set([...zones, ...first])].filter((z) => z !== DEFAULT_TIME_ZONE && !first.includes(z)).sort();
  return [...new Set([DEFAULT_TIME_ZONE, ...first.filter(Boolean), ...rest])];
}
