import {
  IconActivity,
  IconBroadcast,
  IconClipboardList,
  IconBell,
  IconBrandTelegram,
  IconDatabaseExport,
  IconDeviceTv,
  IconLayoutDashboard,
  IconListDetails,
  IconNews,
  IconPackage,
  IconRss,
  IconScript,
  IconSettings,
  IconTable,
  IconTrash,
  IconUsers,
  IconVersions,
  type Icon,
} from '@tabler/icons-react';
import type { User } from '@shared/contracts/users';
import { can, isDev } from '@shared/roles';

export interface MenuItem {
  label: string;
  to: string;
  icon: Icon;
  visible: (user: User) => boolean;
}

const all = () => true;

/** The side menu of spec 000 §2, in its order, with its visibility rules. */
export const MENU_ITEMS: readonly MenuItem[] = [
  { label: 'Dashboard', to: '/dashboard', icon: IconLayoutDashboard, visible: all },
  { label: 'News Management', to: '/news', icon: IconNews, visible: all },
  // Issue 26: for those who may turn a wire into a story.
  { label: 'Wires', to: '/wires', icon: IconRss, visible: (u) => can(u, 'news.create') },
  { label: 'CG Control', to: '/cg-control', icon: IconDeviceTv, visible: all },
  { label: 'Bulletins', to: '/bulletins', icon: IconListDetails, visible: all },
  { label: 'Prompter', to: '/prompter', icon: IconScript, visible: all },
  { label: 'Equipment', to: '/equipment', icon: IconPackage, visible: all },
  { label: 'Activity History', to: '/activity-logs', icon: IconActivity, visible: all },
  // Issue 25: what aired on each output — for those who may put text on air.
  { label: 'As-Run Log', to: '/as-run', icon: IconClipboardList, visible: (u) => can(u, 'asRun.read') },
  { label: 'Telegram Bot', to: '/telegram', icon: IconBrandTelegram, visible: all },
  { label: 'Google Sheets', to: '/google-sheets', icon: IconTable, visible: all },
  { label: 'Users', to: '/users', icon: IconUsers, visible: all },
  { label: 'Notifications', to: '/notifications', icon: IconBell, visible: all },
  // Spec: role admin or owner — exactly the recycle-bin permission row.
  { label: 'Recycle Bin', to: '/recycle-bin', icon: IconTrash, visible: (u) => can(u, 'recycleBin.manage') },
  { label: 'Settings', to: '/settings', icon: IconSettings, visible: all },
  // Issue 41: backups hold every station — owners (the server refuses all but the host station's) and devs.
  { label: 'Backups', to: '/backups', icon: IconDatabaseExport, visible: (u) => u.role === 'owner' || isDev(u) },
  // Issue 25: the HTML overlay's URL and layout — owner/admin, as the server allows.
  { label: 'Outputs', to: '/outputs', icon: IconBroadcast, visible: (u) => can(u, 'settings.manage') },
  { label: 'App Version', to: '/app-version', icon: IconVersions, visible: isDev },
];

export function visibleMenuItems(user: User): MenuItem[] {
  return MENU_ITEMS.filter((item) => item.visible(user));
}
