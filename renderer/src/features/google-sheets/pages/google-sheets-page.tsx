import { SimpleGrid, Stack } from '@mantine/core';
import { can } from '@shared/roles';
import { PageTitle } from '@/app/page-title';
import { useCurrentUser } from '@/lib/session-store';
import { useSheetsSettings } from '../api/google-sheets';
import { ConnectionForm } from '../components/connection-form';
import { ConnectionStatus } from '../components/connection-status';
import { SyncActions } from '../components/sync-actions';
import { UsageInstructions } from '../components/usage-instructions';

/** /google-sheets — status and link for everyone; connection, sync and cleanup for owner/admin (docs/product.md §Screens and routes). */
export default function GoogleSheetsPage() {
  const user = useCurrentUser();
  const manager = can(user, 'settings.manage');
  const settings = useSheetsSettings(manager);
  return (
    <Stack gap="md" maw={1100}>
      <PageTitle title="Google Sheets" description="Equipment and loan requests mirrored to a Google Sheet" />
      <ConnectionStatus serviceAccountEmail={settings.data?.serviceAccountEmail} manager={manager} />
      {manager && <SyncActions />}
      <SimpleGrid cols={{ base: 1, md: manager ? 2 : 1 }} spacing="md">
        {manager && <ConnectionForm settings={settings.data} />}
        <UsageInstructions />
      </SimpleGrid>
    </Stack>
  );
}
