import { Alert, Center, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { errorMessage } from '@/lib/api-client';
import { useMobileRequests } from '../api/mobile-queries';
import type { MobileViewer } from '../request-actions';
import { RequestCard } from './request-card';

/** Requests tab (spec 001 §2): the station's requests as the server lists them, with §4's actions. */
export function RequestsTab({ viewer }: { viewer: MobileViewer }) {
  const requests = useMobileRequests();
  const list = requests.data ?? [];
  return (
    <Stack gap="sm">
      <div>
        <Title order={2} size="h4">
          Equipment Requests
        </Title>
        <Text size="sm" c="dimmed">
          Manage and track equipment requests
        </Text>
      </div>
      {requests.isPending && (
        <Center py="md">
          <Loader size="sm" />
        </Center>
      )}
      {requests.error && (
        <Alert color="red" variant="light">
          {errorMessage(requests.error, 'Failed to load requests')}
        </Alert>
      )}
      {requests.isSuccess && list.length === 0 && (
        <Paper withBorder radius="md" p="lg">
          <Text ta="center" c="dimmed">
            No requests
          </Text>
        </Paper>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
        {list.map((request) => (
          <RequestCard key={request.id} request={request} viewer={viewer} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
