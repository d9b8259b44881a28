import { Badge, Button, Group, Paper, SimpleGrid, Text } from '@mantine/core';
import { IconBroadcast, IconNews, IconTool, IconUsers } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { DashboardStats } from '@shared/contracts/dashboard';
import { cgText, useCgFiles } from '@/lib/api/cg/get-cg-files';

function Tile({
  label,
  icon,
  testId,
  children,
}: {
  label: string;
  icon: ReactNode;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p="sm" data-testid={testId}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="xs" c="dimmed" fw={700} tt="uppercase">
          {label}
        </Text>
        {icon}
      </Group>
      <div style={{ marginTop: 6 }}>{children}</div>
    </Paper>
  );
}

function Count({ value, testId }: { value: number; testId: string }) {
  return (
    <Text fz={28} fw={800} lh={1.1} data-testid={testId}>
      {value}
    </Text>
  );
}

/** LIVE (docs/product.md §Screens and routes), and what is on air under it: loading, the headline, an emergency, or an error. */
function CgStatus() {
  const files = useCgFiles();
  const emergency = cgText(files.data, 'emergency').trim();
  const headline = cgText(files.data, 'headline');
  const detail = files.isPending
    ? 'Loading…'
    : files.error && !files.data
      ? 'Could not load what is on air'
      : emergency || headline || 'No headline on air';
  return (
    <>
      {/* A smaller badge for the longer word: it must fit a phone's half-width tile. */}
      <Badge
        color="red"
        size={emergency ? 'lg' : 'xl'}
        radius="sm"
        maw="100%"
        leftSection={<span className="live-dot" />}
      >
        {emergency ? 'EMERGENCY' : 'LIVE'}
      </Badge>
      <Text
        size="xs"
        c={emergency || (files.error && !files.data) ? 'red.4' : 'dimmed'}
        truncate
        title={detail}
        mt={4}
        data-testid="tile-cg-detail"
      >
        {detail}
      </Text>
      {files.error && !files.data && (
        <Button size="compact-xs" variant="default" mt={4} onClick={() => void files.refetch()}>
          Retry
        </Button>
      )}
    </>
  );
}

/** The four dashboard tiles (docs/product.md §Screens and routes); CG Status reads LIVE, or EMERGENCY with the current headline while an emergency is on air. */
export function StatTiles({ stats }: { stats: DashboardStats }) {
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
      <Tile
        label="CG Status"
        testId="tile-cg-status"
        icon={<IconBroadcast size={18} color="var(--mantine-color-red-5)" />}
      >
        <CgStatus />
      </Tile>
      <Tile label="Equipment Out" testId="tile-equipment-out" icon={<IconTool size={18} />}>
        <Count value={stats.equipment.out} testId="stat-equipment-out" />
      </Tile>
      <Tile label="News Queue" testId="tile-news-queue" icon={<IconNews size={18} />}>
        <Count value={stats.news.total} testId="stat-news-queue" />
        <Text size="xs" c="dimmed">
          {stats.news.draft} draft · {stats.news.approved} approved
        </Text>
      </Tile>
      <Tile label="Online MCR" testId="tile-online-mcr" icon={<IconUsers size={18} />}>
        <Count value={stats.users.onlineMcr} testId="stat-online-mcr" />
        <Text size="xs" c="dimmed" data-testid="stat-online-staff">
          {stats.users.online} staff online
        </Text>
      </Tile>
    </SimpleGrid>
  );
}
