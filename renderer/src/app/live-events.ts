import { registerLiveEvent } from '@/lib/live-registry';
import { registerUsersLiveEvents } from '@/features/users/users-live';
import { registerNewsLiveEvents } from '@/features/news/news-live';
import { registerCrawlerLiveEvents } from '@/features/crawler/crawler-live';
import { registerCgLiveEvents } from '@/features/cg-control/cg-live';
import { registerBulletinsLiveEvents } from '@/features/bulletins/bulletins-live';
import { registerPrompterLiveEvents } from '@/features/prompter/prompter-live';
import { registerSettingsLiveEvents } from '@/features/settings/settings-live';
import { registerAppVersionsLiveEvents } from '@/features/app-versions/app-versions-live';
import { registerEquipmentLiveEvents } from '@/features/equipment/equipment-live';
import { registerMobileFieldLiveEvents } from '@/features/mobile-field/mobile-field-live';
import { registerNotificationsLiveEvents } from '@/features/notifications/notifications-live';
import { registerEditingLiveEvents } from '@/lib/presence/editing-live';
import { registerWiresLiveEvents } from '@/features/wires/wires-live';
import { registerOutputsLiveEvents } from '@/features/outputs/outputs-live';
import { dashboardStatsQueryKey } from '@/lib/api/dashboard/get-dashboard-stats';

let registered = false;

/**
 * Live message → cache refresh wiring, once at start (pages are lazy, but their caches must be
 * refreshed even while another page is open). Each feature registers its own events here.
 * The spec's refresh rules for features not built yet (000 §7) are wired now, so the cache
 * keys they will use are already kept fresh: news, equipment, CG.
 */
export function registerAppLiveEvents(): void {
  if (registered) return;
  registered = true;
  registerUsersLiveEvents();
  registerNewsLiveEvents();
  registerCrawlerLiveEvents();
  registerAppVersionsLiveEvents();
  // CG: patch the on-air text at once, raise cg_write_failed as a persistent alert.
  registerCgLiveEvents();
  registerBulletinsLiveEvents();
  registerPrompterLiveEvents();
  // Branding: every screen restyles from the message itself.
  registerSettingsLiveEvents();
  registerOutputsLiveEvents();
  registerMobileFieldLiveEvents();
  registerEquipmentLiveEvents();
  registerLiveEvent('cg_file_updated', { invalidate: [['/api/cg-files']] });
  registerNotificationsLiveEvents();
  // Who has a story, bulletin or prompter open for editing (issue 26).
  registerEditingLiveEvents();
  // Someone came online or left: the Online MCR tile (issue 13).
  registerLiveEvent('presence_changed', { invalidate: [dashboardStatsQueryKey] });
  registerWiresLiveEvents();
}
