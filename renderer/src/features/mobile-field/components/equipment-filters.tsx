import { CloseButton, Group, NativeSelect, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { EQUIPMENT_STATUSES } from '@shared/constants';
import { textDirection } from '@/lib/text-direction';
import type { ItemFilter, StatusFilter } from '../field-filters';

const STATUS_OPTIONS = [
  { value: '', label: 'All statuses' },
  ...EQUIPMENT_STATUSES.map((s) => ({ value: s, label: s.replace(/_/g, ' ') })),
];

/** Search and status filter above the item list; native select: the phone's own picker. */
export function EquipmentFilters({ value, onChange }: { value: ItemFilter; onChange: (next: ItemFilter) => void }) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-end">
      <TextInput
        type="search"
        aria-label="Search equipment"
        placeholder="Name, code, category"
        leftSection={<IconSearch size={16} aria-hidden />}
        rightSection={
          value.query ? (
            <CloseButton size="sm" aria-label="Clear search" onClick={() => onChange({ ...value, query: '' })} />
          ) : null
        }
        value={value.query}
        onChange={(e) => onChange({ ...value, query: e.currentTarget.value })}
        style={{ flex: 1, minWidth: 0 }}
        dir={textDirection(value.query)}
      />
      <NativeSelect
        aria-label="Filter by status"
        data={STATUS_OPTIONS}
        value={value.status}
        onChange={(e) => onChange({ ...value, status: e.currentTarget.value as StatusFilter })}
        w={132}
      />
    </Group>
  );
}
