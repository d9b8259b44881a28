import { Badge, Group, Paper, SimpleGrid, Text } from '@mantine/core';
import { IconBroadcast, IconNews, IconTool, IconUsers } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { DashboardStats } from '@shared/contracts/dashboard';

function Tile({ label, icon, testId, children }: { label: string; icon: ReactNode; testId: string; children: ReactNode }) {
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

/** The four dashboard tiles (spec 000 §2); CG Status always reads LIVE. */
export function StatTiles({ stats }: { stats: DashboardStats }) {
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
      <Tile label="CG Status" testId="tile-cg-status" icon={<IconBroadcast size={18} color="var(--mantine-color-red-5)" />}>
        <Badge color="red" size="xl" radius="sm" leftSection={<span className="live-dot" />}>
          LIVE
        </Badge>
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
        <Count value={stats.users.online} testId="stat-online-mcr" />
      </Tile>
    </SimpleGrid>
  );
}
