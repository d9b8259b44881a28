import { Alert, Anchor, Center, Loader, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { Settings } from '@shared/contracts/settings';
import { can } from '@shared/roles';
import { PageTitle } from '@/app/page-title';
import { errorMessage } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/session-store';
import { ApiKeysCard } from '@/features/api-keys/components/api-keys-card';
import { StationExportCard } from '@/features/station-export/components/station-export-card';
import { HaCard } from '@/features/ha/components/ha-card';
import { useSettings } from '@/lib/api/settings/get-settings';
import { BrandingCard } from '@/features/settings/components/branding-card';
import { CgConfigCard } from '@/features/settings/components/cg-config-card';
import { DesktopAppCard } from '@/features/settings/components/desktop-app-card';
import { GroupSettingsCard } from '@/features/settings/components/group-settings-card';
import { LanAddressesCard } from '@/features/settings/components/lan-addresses-card';
import { NotificationSettingsCard } from '@/features/settings/components/notification-settings-card';
import { RecycleBinRetentionCard } from '@/features/settings/components/recycle-bin-retention-card';
import { SecondApproverCard } from '@/features/settings/components/second-approver-card';
import { StoreCard } from '@/features/settings/components/store-card';
import { StationTimeZoneCard } from '@/features/settings/components/station-time-zone-card';
import { StationWeekendCard } from '@/features/settings/components/station-weekend-card';
import { TakeModeCard } from '@/features/settings/components/take-mode-card';
import { AsRunRetentionCard } from '@/features/settings/components/as-run-retention-card';
import { TelegramBotCard } from '@/features/settings/components/telegram-bot-card';
import { useTelegramGroupsForm } from '@/features/settings/hooks/use-telegram-groups-form';

const DESCRIPTION = 'CG output, Telegram bot, API keys and branding for your station';

/** Shown to roles the server refuses (403): no requests are made for them. */
function NoAccess() {
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconLock size={18} />}
      title="You do not have access"
      data-testid="settings-no-access"
    >
      <Text size="sm">
        Only owners and admins can change settings. Ask an administrator if something here needs changing.
      </Text>
      <Anchor component={Link} to="/notification-preferences" size="sm">
        Personal notification preferences
      </Anchor>
    </Alert>
  );
}

/** The sections in the spec's order (001 §2). */
function SettingsSections({ settings }: { settings: Settings }) {
  const groups = useTelegramGroupsForm(settings.telegramGroups);
  return (
    <>
      <CgConfigCard settings={settings} />
      <TakeModeCard settings={settings} />
      <TelegramBotCard settings={settings} />
      <GroupSettingsCard form={groups} />
      <NotificationSettingsCard form={groups} />
      <ApiKeysCard />
      <LanAddressesCard />
      <BrandingCard branding={settings.branding} version={settings.version} />
      <StationTimeZoneCard settings={settings} />
      <StationWeekendCard settings={settings} />
      <AsRunRetentionCard settings={settings} />
      <RecycleBinRetentionCard settings={settings} />
      <SecondApproverCard settings={settings} />
      <StationExportCard />
      <StoreCard />
      <HaCard />
      <DesktopAppCard />
    </>
  );
}

/** System settings (/settings): owners and admins only. */
export default function SettingsPage() {
  const actor = useCurrentUser();
  const canManage = can(actor, 'settings.manage');
  const settings = useSettings(canManage);
  return (
    <Stack gap="md" maw={980}>
      <PageTitle title="Settings" description={DESCRIPTION} />
      {!canManage && <NoAccess />}
      {canManage && settings.isPending && (
        <Center py="xl">
          <Loader size="sm" />
        </Center>
      )}
      {settings.error && <Alert color="red">{errorMessage(settings.error, 'Failed to load settings')}</Alert>}
      {settings.data && <SettingsSections settings={settings.data} />}
    </Stack>
  );
}
