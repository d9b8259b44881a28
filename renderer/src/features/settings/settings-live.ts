import type { Branding, Settings } from '@shared/contracts/settings';
import { registerLiveEvent } from '@/lib/live-registry';
import { queryClient } from '@/lib/query-client';
import { brandingQueryKey, setBrandingData } from './api/get-branding';
import { settingsQueryKey } from '@/lib/api/settings/get-settings';
import { stationTimeZoneQueryKey } from '@/lib/api/settings/get-station-time-zone';

/**
 * settings_updated refetches the settings page; branding_updated restyles every screen of the
 * company at once: the colours come in the message, so nobody waits for a refetch.
 */
export function registerSettingsLiveEvents(): () => void {
  const offSettings = registerLiveEvent('settings_updated', {
    invalidate: [settingsQueryKey, stationTimeZoneQueryKey],
  });
  const offBranding = registerLiveEvent('branding_updated', {
    handle: (data) => {
      setBrandingData(data);
      const branding = queryClient.getQueryData<Branding>(brandingQueryKey);
      if (branding) queryClient.setQueryData<Settings>(settingsQueryKey, (s) => (s ? { ...s, branding } : s));
    },
  });
  return () => {
    offSettings();
    offBranding();
  };
}
