import { Alert, Center, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { Equipment } from '@shared/contracts/equipment';
import { errorMessage } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/session-store';
import { useMobileEquipment, useMobileRequests } from '../api/mobile-queries';
import { filterItems, myPendingByItem, type ItemFilter } from '../field-filters';
import { EquipmentCard } from './equipment-card';
import { EquipmentFilters } from './equipment-filters';

/**
 * Equipment tab (docs/product.md §Screens and routes): every item of the station, searchable and filtered by status;
 * tapping one opens the request dialog, unless the caller's own request for it is pending.
 */
export function EquipmentTab({ onRequest }: { onRequest: (item: Equipment) => void }) {
  const user = useCurrentUser();
  const equipment = useMobileEquipment();
  const requests = useMobileRequests();
  const [filter, setFilter] = useState<ItemFilter>({ query: '', status: '' });
  const items = equipment.data ?? [];
  const shown = filterItems(items, filter);
  const pending = myPendingByItem(requests.data ?? [], user.id);
  return (
    <Stack gap="sm">
      <div>
        <Title order={2} size="h4">
          Available Equipment
        </Title>
        <Text size="sm" c="dimmed">
          Tap to request equipment
        </Text>
      </div>
      {items.length > 0 && <EquipmentFilters value={filter} onChange={setFilter} />}
      {equipment.isPending && (
        <Center py="md">
          <Loader size="sm" />
        </Center>
      )}
      {equipment.error && (
        <Alert color="red" variant="light">
          {errorMessage(equipment.error, 'Failed to load equipment')}
        </Alert>
      )}
      {equipment.isSuccess && items.length === 0 && (
        <Paper withBorder radius="md" p="lg">
          <Text ta="center" c="dimmed">
            No equipment available
          </Text>
        </Paper>
      )}
      {items.length > 0 && (
        <Text size="xs" c="dimmed" data-testid="mobile-equipment-count">
          {shown.length === items.length ? `${items.length} items` : `${shown.length} of ${items.length} items`}
        </Text>
      )}
      {items.length > 0 && shown.length === 0 && (
        <Paper withBorder radius="md" p="lg">
          <Text ta="center" c="dimmed">
            No equipment matches your search
          </Text>
        </Paper>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
        {shown.map((item) => (
          <EquipmentCard key={item.id} item={item} pending={pending.get(item.id)} onTap={onRequest} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
