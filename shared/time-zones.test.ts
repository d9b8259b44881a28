import { describe, expect, it } from 'vitest';
import {
  canonicalTimeZone,
  supportedTimeZones,
  timeZoneField,
  timeZoneLabel,
  timeZoneOptions,
  utcOffsetText,
} from './time-zones';

describe('time zones (issue 22 point 20)', () => {
  it('offers every IANA zone Intl knows, with UTC first and the Maldives in it', () => {
    const zones = supportedTimeZones();
    expect(zones[0]).toBe('UTC');
    expect(zones).toContain('Indian/Maldives');
    expect(zones.length).toBeGreaterThan(300);
    expect(new Set(zones).size).toBe(zones.length);
  });

  it('accepts IANA names in the listed spelling and refuses anything else', () => {
    expect(canonicalTimeZone('Indian/Maldives')).toBe('Indian/Maldives');
    expect(canonicalTimeZone(' indian/MALDIVES ')).toBe('Indian/Maldives');
    expect(canonicalTimeZone('utc')).toBe('UTC');
    expect(canonicalTimeZone('Indian/Maldives\n')).toBe('Indian/Maldives');
    expect(canonicalTimeZone('America/Argentina/Buenos_Aires')).toBe('America/Argentina/Buenos_Aires');
    expect(canonicalTimeZone('Etc/GMT-5')).toBe('Etc/GMT-5');
    for (const bad of ['', 'Mars/Olympus', '+05:00', 'UTC+5', '../etc/passwd', 'x'.repeat(65)])
      expect(canonicalTimeZone(bad), bad).toBeNull();
  });

  it('the contract field names what to write', () => {
    const field = timeZoneField('Time zone');
    expect(field.parse('Asia/Kolkata')).toBe('Asia/Kolkata');
    expect(field.safeParse('Mars/Olympus').error?.issues[0]?.message).toBe(
      'Time zone must be an IANA time zone such as Indian/Maldives',
    );
    expect(field.safeParse(5).success).toBe(false);
  });

  it('labels the spec’s five zones by their names and shows the offset as a hint', () => {
    expect(timeZoneLabel('Asia/Tokyo')).toBe('Japan (Asia/Tokyo)');
    expect(timeZoneLabel('Indian/Maldives')).toBe('Indian/Maldives');
    expect(utcOffsetText('Indian/Maldives', new Date('2026-11-25T00:00:00Z'))).toBe('UTC+05:00');
    expect(utcOffsetText('UTC', new Date('2026-11-25T00:00:00Z'))).toBe('UTC+00:00');
    expect(utcOffsetText('America/New_York', new Date('2026-07-01T00:00:00Z'))).toBe('UTC-04:00');
  });

  it('orders the picker: UTC, the station’s zone, then A–Z; a saved alias is kept', () => {
    expect(timeZoneOptions(['Europe/London', 'Asia/Tokyo', 'Indian/Maldives', 'UTC'], ['Indian/Maldives'])).toEqual([
      'UTC',
      'Indian/Maldives',
      'Asia/Tokyo',
      'Europe/London',
    ]);
    expect(timeZoneOptions(['Asia/Kolkata'], ['', 'Asia/Calcutta'])).toEqual(['UTC', 'Asia/Calcutta', 'Asia/Kolkata']);
  });
});
