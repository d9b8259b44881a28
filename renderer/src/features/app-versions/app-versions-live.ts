import { registerLiveEvent } from '@/lib/live-registry';
import { allAppVersionsQueryKey, appVersionQueryKey } from './api/get-app-version';

/** A version saved or deleted anywhere (another dev, an owner) refreshes the card and the table. */
export function registerAppVersionsLiveEvents(): () => void {
  return registerLiveEvent('app_version_updated', { invalidate: [appVersionQueryKey, allAppVersionsQueryKey] });
}
