import { Button, Group, Paper, Table, Text, Title } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import type { NotificationPreferenceGroup, NotificationPreferences } from '@shared/contracts/notification-preferences';
import { timeZoneLabel as zoneLabel } from '@shared/time-zones';
import { channelsText } from './preference-fields';

const off = 'Off';
const priorityText = { all: 'all news', breaking: 'breaking and urgent', urgent: 'urgent only' } as const;

const list = (parts: (string | false)[]) => parts.filter(Boolean).join(' and ') || 'none';

/** One line per group: what the user will get, in words; groups the role never receives are left out. */
export function summaryRows(
  p: NotificationPreferences,
  hidden: readonly NotificationPreferenceGroup[] = [],
): [string, string][] {
  const on = <T extends { enabled: boolean }>(g: T, text: (g: T) => string) => (g.enabled ? text(g) : off);
  const rows: [NotificationPreferenceGroup, string, string][] = [
    [
      'breakingNews',
      'Breaking news',
      on(p.breakingNews, (g) => `${priorityText[g.priority]} — ${channelsText(g.channels)}`),
    ],
    [
      'equipmentOverdue',
      'Overdue equipment',
      on(p.equipmentOverdue, (g) => `every ${g.reminderInterval} min — ${channelsText(g.channels)}`),
    ],
    [
      'equipmentApproval',
      'Approvals',
      on(
        p.equipmentApproval,
        (g) =>
          `${list([g.includeRequests && 'requests', g.includeReturns && 'returns'])} — ${channelsText(g.channels)}`,
      ),
    ],
    [
      'equipmentReminders',
      'Return reminders',
      on(
        p.equipmentReminders,
        (g) => `${g.beforeDue} min before, ${g.afterDue} min after due — ${channelsText(g.channels)}`,
      ),
    ],
    [
      'lowStockAlerts',
      'Low stock',
      on(p.lowStockAlerts, (g) => `at ${g.threshold} units — ${channelsText(g.channels)}`),
    ],
    [
      'bulletinUpdates',
      'Bulletin updates',
      on(
        p.bulletinUpdates,
        (g) =>
          `${list([g.includeCreated && 'created', g.includePublished && 'published'])} — ${channelsText(g.channels)}`,
      ),
    ],
    ['quietHours', 'Quiet hours', on(p.quietHours, (g) => `${g.startTime} to ${g.endTime}, ${zoneLabel(g.timezone)}`)],
    [
      'weekendMode',
      'Weekend mode',
      on(p.weekendMode, (g) =>
        g.emergencyOnly
          ? 'emergencies only'
          : g.reducedNotifications
            ? 'reduced notifications'
            : 'on, all notifications',
      ),
    ],
  ];
  return rows.filter(([group]) => !hidden.includes(group)).map(([, label, text]) => [label, text]);
}

/** Step 5 — Review & Save. */
export function ReviewStep({
  draft,
  hidden,
  onTest,
  testing,
}: {
  draft: NotificationPreferences;
  hidden: readonly NotificationPreferenceGroup[];
  onTest: () => void;
  testing: boolean;
}) {
  return (
    <Paper withBorder p="md" radius="md" data-testid="pref-review">
      <Title order={2} size="h4">
        Complete Setup
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Check your choices, then save. You can come back and change them at any time.
      </Text>
      <Table striped withRowBorders={false} layout="fixed">
        <Table.Tbody>
          {summaryRows(draft, hidden).map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th w={170} fw={600}>
                {label}
              </Table.Th>
              <Table.Td c={value === off ? 'dimmed' : undefined}>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Group mt="md">
        <Button variant="light" leftSection={<IconSend size={16} />} onClick={onTest} loading={testing}>
          Send Test Notification
        </Button>
        <Text size="xs" c="dimmed">
          The bot messages your linked Telegram chat.
        </Text>
      </Group>
    </Paper>
  );
}
