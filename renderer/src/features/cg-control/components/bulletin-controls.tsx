import { Badge, Button, Group, Select } from '@mantine/core';
import { IconPlayerPauseFilled, IconPlayerPlayFilled } from '@tabler/icons-react';
import type { Bulletin } from '@shared/contracts/bulletins';
import { bulletinLabel } from '../preview-items';
import { usePreviewStore } from '../preview-store';

const LATEST = 'latest';

/** Select Bulletin: only when there is a choice (more than one bulletin). */
function BulletinSelect({ bulletins }: { bulletins: readonly Bulletin[] }) {
  const selectedId = usePreviewStore((s) => s.selectedBulletinId);
  const selectBulletin = usePreviewStore((s) => s.selectBulletin);
  if (bulletins.length <= 1) return null;
  const data = [
    { value: LATEST, label: 'Latest Bulletin' },
    ...bulletins.map((b) => ({ value: String(b.id), label: bulletinLabel(b) })),
  ];
  return (
    <Select
      aria-label="Select Bulletin"
      placeholder="Select Bulletin"
      size="xs"
      w={240}
      data={data}
      value={selectedId === null ? LATEST : String(selectedId)}
      allowDeselect={false}
      onChange={(value) => selectBulletin(!value || value === LATEST ? null : Number(value))}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/** Play/Pause and the Auto Play state of live bulletin mode. */
export function BulletinControls({ bulletins, canPlay }: { bulletins: readonly Bulletin[]; canPlay: boolean }) {
  const autoPlay = usePreviewStore((s) => s.autoPlay);
  const setAutoPlay = usePreviewStore((s) => s.setAutoPlay);
  return (
    <Group gap="xs">
      <Button
        size="xs"
        color={autoPlay ? 'yellow' : 'green'}
        leftSection={autoPlay ? <IconPlayerPauseFilled size={14} /> : <IconPlayerPlayFilled size={14} />}
        onClick={() => setAutoPlay(!autoPlay)}
        disabled={!canPlay && !autoPlay}
        aria-pressed={autoPlay}
      >
        {autoPlay ? 'Pause' : 'Play'}
      </Button>
      <Badge color={autoPlay ? 'green' : 'gray'} variant={autoPlay ? 'filled' : 'outline'} data-testid="cg-auto-play">
        Auto Play {autoPlay ? 'on · 5s' : 'off'}
      </Badge>
      <BulletinSelect bulletins={bulletins} />
    </Group>
  );
}
