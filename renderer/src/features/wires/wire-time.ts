import { useMemo } from 'react';
import { useStationTimeZone } from '@/lib/api/settings/get-station-time-zone';

/**
 * Wire times in the station's time zone (the desk's clock, not the viewer's laptop), falling back
 * to the browser's zone until the station's is known.
 */
export function useWireTime(): (iso: string | null) => string {
  const zone = useStationTimeZone().data?.timeZone;
  return useMemo(() => {
    let format: Intl.DateTimeFormat;
    try {
      format = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short', timeZone: zone });
    } catch {
      format = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
    }
    return (iso) => {
      if (!iso) return '—';
      const date = new Date(iso);
      return Number.isNaN(date.getTime()) ? '—' : format.format(date);
    };
  }, [zone]);
}
