import { Alert, Center, Loader, Pagination, Paper, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconBox } from '@tabler/icons-react';
import { useState } from 'react';
import { EQUIPMENT_PAGE_SIZE } from '@shared/constants';
import type { Equipment } from '@shared/contracts/equipment';
import { errorMessage } from '@/lib/api-client';
import { toastFailure, toastSuccess } from '@/lib/toast';
import {
  useDeleteEquipment,
  useEquipmentList,
  useSetEquipmentStatus,
  type SelectorStatus,
} from '@/lib/api/equipment/equipment';
import { matchesSearch, statusText } from '@/lib/equipment/equipment-format';
import { EditEquipmentDialog } from './add-equipment-dialog';
import { EquipmentCard } from './equipment-card';
import { LabelSelectionBar } from './label-selection-bar';

/** Select mode for labels (managers): the ticked ids, in the order ticked. */
export interface LabelSelection {
  ids: readonly number[];
  onToggle: (item: Equipment) => void;
  onSelectShown: (ids: number[]) => void;
  onClear: () => void;
  onDone: () => void;
}

interface Props {
  search: string;
  canManage: boolean;
  onRequest: (item: Equipment) => void;
  selection?: LabelSelection;
}

function EmptyState({ searching }: { searching: boolean }) {
  return (
    <Paper withBorder radius="md" p="xl">
      <Stack align="center" gap="xs">
        <ThemeIcon size={48} radius="xl" variant="light" color="gray">
          <IconBox size={26} />
        </ThemeIcon>
        <Text fw={600}>{searching ? 'No equipment matches your search' : 'No equipment'}</Text>
        {!searching && (
          <Text size="sm" c="dimmed" ta="center">
            Add equipment or upload a CSV file to build the catalogue.
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/** The card grid, 10 per page (docs/product.md §Screens and routes, §Limits), with the status selector and delete for managers. */
export function EquipmentGrid({ search, canManage, onRequest, selection }: Props) {
  const list = useEquipmentList();
  const setStatus = useSetEquipmentStatus();
  const remove = useDeleteEquipment();
  const [paging, setPaging] = useState({ search, page: 1 });
  const [editing, setEditing] = useState<Equipment | null>(null);
  const shown = (list.data ?? []).filter((item) => matchesSearch(item, search));
  const pages = Math.max(1, Math.ceil(shown.length / EQUIPMENT_PAGE_SIZE));
  // A new search starts at page 1; a delete that empties the last page shows the one before.
  const page = paging.search === search ? Math.min(paging.page, pages) : 1;
  const setPage = (next: number) => setPaging({ search, page: next });
  const pageItems = shown.slice((page - 1) * EQUIPMENT_PAGE_SIZE, page * EQUIPMENT_PAGE_SIZE);
  const busyId = setStatus.isPending ? setStatus.variables.id : remove.isPending ? remove.variables : undefined;

  const changeStatus = (item: Equipment, status: SelectorStatus) =>
    setStatus.mutate(
      { id: item.id, status },
      {
        onSuccess: () => toastSuccess(`${item.name} is now ${statusText(status)}`, 'Status Updated'),
        onError: (e) => toastFailure('Error', e, 'Failed to update equipment status'),
      },
    );

  const confirmDelete = (item: Equipment) =>
    modals.openConfirmModal({
      title: 'Delete equipment',
      children: (
        <Text size="sm">
          Delete <b>{item.name}</b> ({item.code})? This cannot be undone.
        </Text>
      ),
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(item.id, {
          onSuccess: () => toastSuccess('Equipment deleted'),
          onError: (e) => toastFailure('Error', e, 'Failed to delete equipment'),
        }),
    });

  if (list.error) return <Alert color="red">{errorMessage(list.error, 'Failed to load equipment')}</Alert>;
  if (list.isPending) {
    return (
      <Center py="xl">
        <Loader size="sm" />
      </Center>
    );
  }
  const bar = selection && (
    <LabelSelectionBar
      selected={selection.ids}
      shownCount={shown.length}
      onSelectShown={() => selection.onSelectShown(shown.map((i) => i.id))}
      onClear={selection.onClear}
      onDone={selection.onDone}
    />
  );
  if (shown.length === 0) {
    return (
      <Stack gap="md">
        {bar}
        <EmptyState searching={search.trim() !== ''} />
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      {bar}
      <EditEquipmentDialog item={editing} onClose={() => setEditing(null)} />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" data-testid="equipment-grid">
        {pageItems.map((item) => (
          <EquipmentCard
            key={item.id}
            item={item}
            canManage={canManage}
            busy={busyId === item.id}
            onStatus={changeStatus}
            onDelete={confirmDelete}
            onRequest={onRequest}
            onEdit={setEditing}
            selected={selection ? selection.ids.includes(item.id) : undefined}
            onSelect={selection?.onToggle}
          />
        ))}
      </SimpleGrid>
      <Stack align="center" gap={4}>
        {pages > 1 && (
          <Pagination total={pages} value={page} onChange={setPage} size="sm" aria-label="Equipment pages" />
        )}
        <Text size="xs" c="dimmed" data-testid="equipment-count">
          {shown.length} item{shown.length === 1 ? '' : 's'}
        </Text>
      </Stack>
    </Stack>
  );
}
