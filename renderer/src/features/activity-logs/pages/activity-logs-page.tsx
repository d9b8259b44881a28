import { Alert, Badge, Button, Center, Loader, Paper, Stack, Text } from '@mantine/core';
import { can } from '@shared/roles';
import { PageTitle } from '@/app/page-title';
import { errorMessage } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/session-store';
import { AccessDenied } from '@/components/access-denied';
import { useActivityLogs } from '@/lib/api/activity-logs/get-activity-logs';
import { ActivityEntry } from '../components/activity-entry';

/** Activity History (docs/product.md §Screens and routes): newest first, older pages on demand. */
export default function ActivityLogsPage() {
  const allowed = can(useCurrentUser(), 'activityLogs.read');
  const logs = useActivityLogs(allowed);
  const entries = logs.data?.pages.flatMap((p) => p.items) ?? [];
  const total = logs.data?.pages[0]?.total ?? 0;
  const count = logs.data && (
    <Badge size="lg" variant="light" color="gray" data-testid="activity-count">
      {total} {total === 1 ? 'entry' : 'entries'}
    </Badge>
  );

  return (
    <Stack gap="md">
      <PageTitle title="Activity History" description="Who did what, newest first" actions={count} />
      {!allowed && <AccessDenied who="admins and owners" />}
      {allowed && logs.isPending && (
        <Center py="xl">
          <Loader size="sm" />
        </Center>
      )}
      {logs.error && <Alert color="red">{errorMessage(logs.error, 'Failed to load activity history')}</Alert>}
      {logs.data && (
        <Paper withBorder radius="md">
          {entries.length === 0 && (
            <Text c="dimmed" ta="center" py="xl" size="sm">
              No activity recorded yet
            </Text>
          )}
          {entries.map((entry) => (
            <ActivityEntry key={entry.id} entry={entry} />
          ))}
        </Paper>
      )}
      {logs.hasNextPage && (
        <Center>
          <Button variant="default" loading={logs.isFetchingNextPage} onClick={() => void logs.fetchNextPage()}>
            Load more
          </Button>
        </Center>
      )}
    </Stack>
  );
}
