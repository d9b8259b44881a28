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
import { pageAllowed, type MenuPage } from '@shared/page-access';

export interface MenuItem {
  label: string;
  to: MenuPage;
  icon: Icon;
  visible: (user: User) => boolean;
}

/**
 * Issue 39 point 8: an entry is shown exactly when the server allows its page's work to the role —
 * read from shared/page-access.ts (checked against the server's route table), never written here.
 */
const entry = (label: string, to: MenuPage, icon: Icon): MenuItem => ({
  label,
  to,
  icon,
  visible: (u) => pageAllowed(u, to),
});

/** The side menu of docs/product.md §Screens and routes, in its order; who sees what: shared/page-access.ts. */
export const MENU_ITEMS: readonly MenuItem[] = [
  entry('Dashboard', '/dashboard', IconLayoutDashboard),
  entry('News Management', '/news', IconNews),
  entry('Wires', '/wires', IconRss),
  entry('CG Control', '/cg-control', IconDeviceTv),
  entry('Bulletins', '/bulletins', IconListDetails),
  entry('Prompter', '/prompter', IconScript),
  entry('Equipment', '/equipment', IconPackage),
  entry('Activity History', '/activity-logs', IconActivity),
  entry('As-Run Log', '/as-run', IconClipboardList),
  entry('Telegram Bot', '/telegram', IconBrandTelegram),
  entry('Google Sheets', '/google-sheets', IconTable),
  entry('Users', '/users', IconUsers),
  entry('Notifications', '/notifications', IconBell),
  entry('Recycle Bin', '/recycle-bin', IconTrash),
  entry('Settings', '/settings', IconSettings),
  entry('Backups', '/backups', IconDatabaseExport),
  entry('Outputs', '/outputs', IconBroadcast),
  entry('App Version', '/app-version', IconVersions),
];

export function visibleMenuItems(user: User): MenuItem[] {
  return MENU_ITEMS.filter((item) => item.visible(user));
}
