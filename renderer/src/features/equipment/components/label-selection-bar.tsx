import { Button, Group, Paper, Text } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { Link } from 'react-router';
import { labelsPath } from '../label-selection';

interface Props {
  selected: readonly number[];
  /** How many items the search shows now (Select all takes them, across pages). */
  shownCount: number;
  onSelectShown: () => void;
  onClear: () => void;
  onDone: () => void;
}

/** Select mode for Print Labels: tick cards, then print those (or the whole catalogue). */
export function LabelSelectionBar({ selected, shownCount, onSelectShown, onClear, onDone }: Props) {
  const n = selected.length;
  return (
    <Paper withBorder radius="md" p="sm" bg="var(--mantine-color-blue-light)" data-testid="label-selection-bar">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="sm" fw={600} data-testid="label-selection-count">
          {n === 0 ? 'Tick the items to print labels for' : `${n} item${n === 1 ? '' : 's'} selected`}
        </Text>
        <Group gap="xs" wrap="wrap">
          <Button size="xs" variant="default" onClick={onSelectShown} disabled={shownCount === 0}>
            Select all shown ({shownCount})
          </Button>
          <Button size="xs" variant="default" onClick={onClear} disabled={n === 0}>
            Clear
          </Button>
          <Button size="xs" variant="subtle" component={Link} to="/equipment/labels">
            All items
          </Button>
          <Button size="xs" variant="default" onClick={onDone}>
            Cancel
          </Button>
          {n > 0 ? (
            <Button size="xs" leftSection={<IconPrinter size={14} />} component={Link} to={labelsPath(selected)}>
              Print {n} label{n === 1 ? '' : 's'}
            </Button>
          ) : (
            <Button size="xs" leftSection={<IconPrinter size={14} />} disabled>
              Print labels
            </Button>
          )}
        </Group>
      </Group>
    </Paper>
  );
}
