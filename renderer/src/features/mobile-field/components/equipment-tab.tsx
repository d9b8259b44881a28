import { Alert, Center, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { Equipment } from '@shared/contracts/equipment';
import { errorMessage } from '@/lib/api-client';
import { useMobileEquipment } from '../api/mobile-queries';
import { EquipmentCard } from './equipment-card';

/** Equipment tab (spec 001 §2): every item of the station; tapping one opens the request dialog. */
export function EquipmentTab({ onRequest }: { onRequest: (item: Equipment) => void }) {
  const equipment = useMobileEquipment();
  const items = equipment.data ?? [];
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
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
        {items.map((item) => (
          <EquipmentCard key={item.id} item={item} onTap={onRequest} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
