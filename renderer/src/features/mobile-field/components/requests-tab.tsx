import { Alert, Center, Loader, Paper, SegmentedControl, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { errorMessage } from '@/lib/api-client';
import { useMobileRequests } from '../api/mobile-queries';
import { requestsShown } from '../field-filters';
import type { MobileViewer } from '../request-actions';
import { RequestCard } from './request-card';

/** Requests tab (docs/product.md §Screens and routes): the station's requests as the server lists them, with §4's actions. */
export function RequestsTab({ viewer }: { viewer: MobileViewer }) {
  const requests = useMobileRequests();
  const [show, setShow] = useState<'all' | 'mine'>('all');
  const list = requestsShown(requests.data ?? [], viewer.id, show === 'mine');
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
      {/* The station's list is long; a cameraman mostly wants his own loans and their due dates. */}
      <SegmentedControl
        aria-label="Which requests"
        data={[
          { value: 'all', label: 'All requests' },
          { value: 'mine', label: 'My requests' },
        ]}
        value={show}
        onChange={(v) => setShow(v === 'mine' ? 'mine' : 'all')}
        fullWidth
      />
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
