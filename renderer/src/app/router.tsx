import { Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { lazyPage } from './lazy-page';
import { RequireAuth } from './require-auth';
import { AppLayout, PageLoader } from './shell/app-layout';

// One chunk per feature page keeps the first load small (docs/design-rules.md §7: ≤ 400 kB gzip); lazyPage
// retries a download a server restart cut off instead of leaving the router's error page.
const LoginPage = lazyPage(() => import('@/features/auth/pages/login-page'));
const UsersPage = lazyPage(() => import('@/features/users/pages/users-page'));
const NewsPage = lazyPage(() => import('@/features/news/pages/news-page'));
const RecycleBinPage = lazyPage(() => import('@/features/recycle-bin/pages/recycle-bin-page'));
const ActivityLogsPage = lazyPage(() => import('@/features/activity-logs/pages/activity-logs-page'));
const DashboardPage = lazyPage(() => import('@/app/routes/dashboard-page'));
const CgControlPage = lazyPage(() => import('@/app/routes/cg-control-page'));
const SettingsPage = lazyPage(() => import('@/app/routes/settings-page'));
const AppVersionPage = lazyPage(() => import('@/features/app-versions/pages/app-version-page'));
const BackupsPage = lazyPage(() => import('@/features/backups/pages/backups-page'));
const BulletinsPage = lazyPage(() => import('@/features/bulletins/pages/bulletins-page'));
const PrompterPage = lazyPage(() => import('@/features/prompter/pages/prompter-page'));
const PrompterFollowPage = lazyPage(() => import('@/features/prompter/pages/prompter-follow-page'));
const EquipmentPage = lazyPage(() => import('@/features/equipment/pages/equipment-page'));
const EquipmentLabelsPage = lazyPage(() => import('@/features/equipment-labels/equipment-labels-page'));
const MobileFieldPage = lazyPage(() => import('@/features/mobile-field/pages/mobile-field-page'));
const NotificationPreferencesPage = lazyPage(
  () => import('@/features/notification-preferences/pages/notification-preferences-page'),
);
const TelegramPage = lazyPage(() => import('@/features/telegram/pages/telegram-page'));
const GoogleSheetsPage = lazyPage(() => import('@/features/google-sheets/pages/google-sheets-page'));
const WiresPage = lazyPage(() => import('@/features/wires/pages/wires-page'));
const OutputsPage = lazyPage(() => import('@/features/outputs/pages/outputs-page'));
const AsRunPage = lazyPage(() => import('@/features/as-run/pages/as-run-page'));
const NotFoundPage = lazyPage(() => import('@/features/placeholder/pages/not-found-page'));

export function AppRoutes() {
  return (
    <Routes>
      <Route
        path="/login"
        element={
          <Suspense fallback={<PageLoader />}>
            <LoginPage />
          </Suspense>
        }
      />
      {/* The mobile field page full-page (phones, QR labels): it handles its own sign-in screen (docs/product.md §Screens and routes). */}
      <Route
        path="/field/*"
        element={
          <Suspense fallback={<PageLoader />}>
            <MobileFieldPage />
          </Suspense>
        }
      />
      {/* A follower screen is the script alone (a talent monitor, a phone on the camera): no shell. */}
      <Route
        path="/prompter/:id/follow"
        element={
          <RequireAuth>
            <Suspense fallback={<PageLoader />}>
              <PrompterFollowPage />
            </Suspense>
          </RequireAuth>
        }
      />
      <Route
        element={
          <RequireAuth>
            <AppLayout />
          </RequireAuth>
        }
      >
        <Route index element={<DashboardPage />} />
        <Route path="dashboard" element={<DashboardPage />} />
        <Route path="cg-control" element={<CgControlPage />} />
        <Route path="users" element={<UsersPage />} />
        <Route path="news" element={<NewsPage />} />
        <Route path="wires" element={<WiresPage />} />
        <Route path="recycle-bin" element={<RecycleBinPage />} />
        <Route path="activity-logs" element={<ActivityLogsPage />} />
        <Route path="as-run" element={<AsRunPage />} />
        <Route path="settings" element={<SettingsPage />} />
        <Route path="backups" element={<BackupsPage />} />
        <Route path="outputs" element={<OutputsPage />} />
        {/* Settings links to /notification-preferences (docs/product.md §Screens and routes); the wizard lives at /notifications. */}
        <Route path="notification-preferences" element={<Navigate to="/notifications" replace />} />
        <Route path="notifications" element={<NotificationPreferencesPage />} />
        <Route path="telegram" element={<TelegramPage />} />
        <Route path="google-sheets" element={<GoogleSheetsPage />} />
        <Route path="app-version" element={<AppVersionPage />} />
        <Route path="bulletins" element={<BulletinsPage />} />
        <Route path="prompter" element={<PrompterPage />} />
        <Route path="equipment" element={<EquipmentPage />} />
        <Route path="equipment/labels" element={<EquipmentLabelsPage />} />
        <Route path="mobile-field/*" element={<MobileFieldPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
