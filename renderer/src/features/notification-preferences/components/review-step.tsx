import { Button, Group, Paper, Table, Text, Title } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import type { NotificationPreferences } from '@shared/contracts/notification-preferences';
import { NOTIFICATION_TIMEZONES } from '@shared/constants';
import { channelsText } from './preference-fields';

const off = 'Off';
const zoneLabel = (zone: string) => NOTIFICATION_TIMEZONES.find((t) => t.value === zone)?.label ?? zone;
const priorityText = { all: 'all news', breaking: 'breaking and urgent', urgent: 'urgent only' } as const;

/** One line per group: what the user will get, in words. */
export function summaryRows(p: NotificationPreferences): [string, string][] {
  const on = <T extends { enabled: boolean }>(g: T, text: (g: T) => string) => (g.enabled ? text(g) : off);
  return [
    ['Breaking news', on(p.breakingNews, (g) => `${priorityText[g.priority]} — ${channelsText(g.channels)}`)],
    ['Overdue equipment', on(p.equipmentOverdue, (g) => `every ${g.reminderInterval} min — ${channelsText(g.channels)}`)],
    ['Approvals', on(p.equipmentApproval, (g) => `${[g.includeRequests && 'requests', g.includeReturns && 'returns'].filter(Boolean).join(' and ') || 'none'} — ${channelsText(g.channels)}`)],
    ['Return reminders', on(p.equipmentReminders, (g) => `${g.beforeDue} min before, ${g.afterDue} min after due — ${channelsText(g.channels)}`)],
    ['Low stock', on(p.lowStockAlerts, (g) => `at ${g.threshold} units — ${channelsText(g.channels)}`)],
    ['Bulletin updates', on(p.bulletinUpdates, (g) => `${[g.includeCreated && 'created', g.includePublished && 'published'].filter(Boolean).join(' and ') || 'none'} — ${channelsText(g.channels)}`)],
    ['Quiet hours', on(p.quietHours, (g) => `${g.startTime} to ${g.endTime}, ${zoneLabel(g.timezone)}`)],
    ['Weekend mode', on(p.weekendMode, (g) => (g.emergencyOnly ? 'emergencies only' : g.reducedNotifications ? 'reduced notifications' : 'on, all notifications'))],
  ];
}

/** Step 5 — Review & Save. */
export function ReviewStep({ draft, onTest, testing }: { draft: NotificationPreferences; onTest: () => void; testing: boolean }) {
  return (
    <Paper withBorder p="md" radius="md" data-testid="pref-review">
      <Title order={3} size="h4">
        Complete Setup
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Check your choices, then save. You can come back and change them at any time.
      </Text>
      <Table striped withRowBorders={false} layout="fixed">
        <Table.Tbody>
          {summaryRows(draft).map(([label, value]) => (
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
