import { Alert, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertOctagon } from '@tabler/icons-react';
import { useEffect } from 'react';
import { PRODUCT_NAME } from '@shared/constants';
import { can } from '@shared/roles';
import { useCurrentUser } from '@/lib/session-store';
import { useEmergencyDialog } from '@/features/cg-control/emergency-dialog-store';
import { errorMessage } from '@/lib/api-client';
import { CgControlPanel } from '@/features/cg-control/components/cg-control-panel';
import { CgPreviewPanel } from '@/features/cg-control/components/cg-preview-panel';
import { EmergencyBar } from '@/components/cg/emergency-bar';
import { CgWriteFailureBanner } from '@/features/cg-control/components/cg-write-failure-banner';
import { NewsCrawlerPanel } from '@/features/crawler/components/news-crawler-panel';
import { useDashboardStats } from '@/lib/api/dashboard/get-dashboard-stats';
import { LanAddressesLine } from '@/features/dashboard/components/lan-addresses-line';
import { StatTiles } from '@/features/dashboard/components/stat-tiles';
import { useDashboardAlerts } from '@/features/dashboard/hooks/use-dashboard-alerts';

function DashboardHeader() {
  const canWrite = can(useCurrentUser(), 'cg.write');
  const openOverride = useEmergencyDialog((s) => s.open);
  useEffect(() => {
    document.title = `Dashboard · ${PRODUCT_NAME}`;
  }, []);
  return (
    <Group justify="space-between" gap="sm">
      <Group gap="sm">
        <Title order={1} size="h3">
          Dashboard
        </Title>
        <Badge color="red" variant="filled" radius="sm" leftSection={<span className="live-dot" />}>
          LIVE
        </Badge>
      </Group>
      {/* Spec 000 §2 gives this button no action — a button that does nothing in an emergency is a
          defect: it opens the same override dialog as the header switch (cg.write roles only). */}
      {canWrite && (
        <Button color="red" variant="outline" leftSection={<IconAlertOctagon size={16} />} onClick={openOverride}>
          Emergency
        </Button>
      )}
    </Group>
  );
}

/** Dashboard (docs/product.md §Screens and routes): status tiles, then crawler, CG preview and CG control panel. */
export default function DashboardPage() {
  useDashboardAlerts();
  const stats = useDashboardStats();
  if (stats.isPending) {
    return (
      <Text c="dimmed" py="xl" ta="center">
        Loading dashboard...
      </Text>
    );
  }
  return (
    <Stack gap="md">
      <DashboardHeader />
      <EmergencyBar />
      <CgWriteFailureBanner />
      {stats.error ? (
        <Alert color="red">{errorMessage(stats.error, 'Failed to load dashboard')}</Alert>
      ) : (
        <StatTiles stats={stats.data} />
      )}
      <LanAddressesLine />
      <NewsCrawlerPanel />
      <CgPreviewPanel />
      <CgControlPanel />
    </Stack>
  );
}
