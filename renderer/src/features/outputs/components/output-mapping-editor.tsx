import { ActionIcon, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { CG_WRITABLE_TYPES } from '@shared/constants';
import { OUTPUTS } from '@shared/contracts/outputs';
import { ON_AIR_RULES } from '@shared/on-air-rules';

export type CgTypeName = (typeof CG_WRITABLE_TYPES)[number];

/** CG type choices: the on-air label and the file name (two types are both "Program bar"). */
export const CG_TYPE_OPTIONS = CG_WRITABLE_TYPES.map((t) => ({ value: t, label: `${ON_AIR_RULES[t].label} (${t})` }));

/** One row: a CG type and the device's names for where it goes. */
export interface MappingRow {
  type: CgTypeName | '';
  target: string;
  scene: string;
}

interface Props {
  rows: MappingRow[];
  onChange: (rows: MappingRow[]) => void;
  targetLabel: string;
  targetHint: string;
  /** OBS: a scene whose item is shown/hidden with the text. */
  withScene?: boolean;
  error?: string;
}

/** CG type → text source (OBS) / title field (vMix), one row per type. */
export function OutputMappingEditor({ rows, onChange, targetLabel, targetHint, withScene, error }: Props) {
  const set = (i: number, patch: Partial<MappingRow>) =>
    onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <Stack gap={6} role="group" aria-label="CG type mapping">
      <Text size="sm" fw={500}>
        CG types
      </Text>
      <Text size="xs" c="dimmed">
        {targetHint}
      </Text>
      {rows.map((row, i) => (
        <Group key={i} gap={6} align="flex-end" wrap="wrap" data-testid="mapping-row">
          <Select
            label="CG type"
            data={CG_TYPE_OPTIONS}
            value={row.type || null}
            onChange={(v) => set(i, { type: v ?? '' })}
            w={{ base: '100%', xs: 190 }}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
          <TextInput
            label={targetLabel}
            dir="auto"
            value={row.target}
            maxLength={OUTPUTS.nameInDeviceMax}
            onChange={(e) => set(i, { target: e.currentTarget.value })}
            style={{ flex: '1 1 140px' }}
          />
          {withScene && (
            <TextInput
              label="Scene (optional)"
              dir="auto"
              value={row.scene}
              maxLength={OUTPUTS.nameInDeviceMax}
              onChange={(e) => set(i, { scene: e.currentTarget.value })}
              style={{ flex: '1 1 120px' }}
            />
          )}
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            aria-label={`Remove mapping ${i + 1}`}
            onClick={() => onChange(rows.filter((_, j) => j !== i))}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
      {error && (
        <Text size="xs" c="red.4" role="alert">
          {error}
        </Text>
      )}
      <Group>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPlus size={14} />}
          onClick={() => onChange([...rows, { type: '', target: '', scene: '' }])}
          disabled={rows.length >= OUTPUTS.mappingMax}
        >
          Add CG type
        </Button>
      </Group>
    </Stack>
  );
}
