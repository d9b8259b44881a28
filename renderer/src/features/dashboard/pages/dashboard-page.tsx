import { Alert, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertOctagon } from '@tabler/icons-react';
import { useEffect } from 'react';
import { PRODUCT_NAME } from '@shared/constants';
import { errorMessage } from '@/lib/api-client';
import { CgControlPanel } from '@/features/cg-control/components/cg-control-panel';
import { CgPreviewPanel } from '@/features/cg-control/components/cg-preview-panel';
import { EmergencyBar } from '@/features/cg-control/components/emergency-bar';
import { CgWriteFailureBanner } from '@/features/cg-control/components/cg-write-failure-banner';
import { NewsCrawlerPanel } from '@/features/crawler/components/news-crawler-panel';
import { useDashboardStats } from '../api/get-dashboard-stats';
import { StatTiles } from '../components/stat-tiles';
import { useDashboardAlerts } from '../hooks/use-dashboard-alerts';

function DashboardHeader() {
  useEffect(() => {
    document.title = `Dashboard · ${PRODUCT_NAME}`;
  }, []);
  return (
    <Group justify="space-between" gap="sm">
      <Group gap="sm">
        <Title order={2} size="h3">
          Dashboard
        </Title>
        <Badge color="red" variant="filled" radius="sm" leftSection={<span className="live-dot" />}>
          LIVE
        </Badge>
      </Group>
      {/* Spec 000 §2: this Emergency button has no action (the header's Emergency Mode is the switch). */}
      <Button color="red" variant="outline" leftSection={<IconAlertOctagon size={16} />}>
        Emergency
      </Button>
    </Group>
  );
}

/** Dashboard (spec 000 §2): status tiles, then crawler, CG preview and CG control panel. */
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
      {stats.error ? <Alert color="red">{errorMessage(stats.error, 'Failed to load dashboard')}</Alert> : <StatTiles stats={stats.data} />}
      <NewsCrawlerPanel />
      <CgPreviewPanel />
      <CgControlPanel />
    </Stack>
  );
}
