import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconPlayerPlayFilled, IconX } from '@tabler/icons-react';
import type { CgNext } from '@shared/contracts/cg-next';
import { useCurrentUser } from '@/lib/session-store';
import { useCgNext } from '@/lib/api/cg/get-cg-next';
import { useClearNext } from '@/lib/api/cg/clear-next';
import { useTakeNext } from '@/lib/api/cg/take-next';
import { toastCgFailure } from '@/lib/cg/cg-toast';
import { useEmergencyConfirm } from '@/lib/cg/use-emergency-confirm';
import { NextForeignNotice } from '@/components/cg/next-foreign-notice';
import { stagedText, typeLabel } from '@/lib/cg/next/next-texts';
import { useNextWatch, type NextWatch } from '@/lib/cg/next/use-next-watch';
import { toastAir } from '@/lib/cg/air-toast';
import { takeNote } from '../take-note';

function Staged({ next }: { next: CgNext }) {
  if (!next.changes.length) {
    return (
      <Text size="sm" c="dimmed" data-testid="phone-next-empty">
        Nothing in NEXT.
      </Text>
    );
  }
  return (
    <Stack gap={4} data-testid="phone-next-list">
      {next.changes.map((c) => (
        <div key={c.type}>
          <Text size="xs" fw={700} tt="uppercase" c="dimmed">
            {typeLabel(c.type)}
          </Text>
          <Text
            size="sm"
            fw={600}
            dir="auto"
            lineClamp={3}
            style={{ overflowWrap: 'anywhere' }}
            data-testid={`phone-next-text-${c.type}`}
          >
            {stagedText(c.type, c.content)}
          </Text>
        </div>
      ))}
      {next.updatedBy && (
        <Text size="xs" c="dimmed">
          Staged by {next.updatedBy.fullName}
        </Text>
      )}
    </Stack>
  );
}

/** Take and Clear at thumb size; the same arming rule as CG Control's (another desk's change is looked at first). */
function PhoneTake({ next, watch }: { next: CgNext; watch: NextWatch }) {
  const take = useTakeNext();
  const clear = useClearNext();
  const confirm = useEmergencyConfirm();
  const empty = next.changes.length === 0;
  const doTake = () => {
    if (empty || take.isPending || clear.isPending || !watch.press()) return;
    confirm(`Take NEXT: ${next.changes.map((c) => typeLabel(c.type)).join(', ')}`, () =>
      take.mutate(next.version, {
        onSuccess: (res) => toastAir('CG Updated', 'NEXT is on air', res.air),
        onError: (error) => toastCgFailure('Take failed', null, error),
      }),
    );
  };
  const doClear = () => {
    if (empty || take.isPending) return;
    clear.mutate(next.version, { onError: (error) => toastCgFailure('Clear failed', null, error) });
  };
  return (
    <Group gap="xs" grow>
      <Button
        size="lg"
        color={watch.armed ? 'blue' : 'orange'}
        leftSection={<IconPlayerPlayFilled size={18} />}
        onClick={doTake}
        disabled={empty || clear.isPending}
        loading={take.isPending}
        data-armed={watch.armed}
        data-testid="phone-take"
      >
        Take
      </Button>
      <Button
        size="lg"
        variant="default"
        leftSection={<IconX size={16} />}
        onClick={doClear}
        disabled={empty || take.isPending}
        loading={clear.isPending}
        data-testid="phone-clear"
      >
        Clear
      </Button>
    </Group>
  );
}

/**
 * NEXT on the phone's CG tab (issue 38, point 4): in take mode the phone stages, so it shows what
 * waits in NEXT; those allowed to take get Take (the server checks the same permission), anyone
 * else reads who will take it. Nothing shows while take mode is off (the phone's sends air at once).
 */
export function PhoneNext() {
  const next = useCgNext();
  const note = takeNote(useCurrentUser());
  const watch = useNextWatch(next.data);
  if (!next.data?.takeMode) return null;
  const count = next.data.changes.length;
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      role="region"
      aria-label="NEXT: staged for Take"
      data-testid="phone-next"
      data-count={count}
      style={{ borderColor: count ? 'var(--mantine-color-green-6)' : undefined }}
    >
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Badge color="green" variant={count ? 'filled' : 'light'} radius="xs" size="lg">
            NEXT
          </Badge>
          {next.data.lastTake && (
            <Text size="xs" c="dimmed">
              Last Take: {next.data.lastTake.fullName}
            </Text>
          )}
        </Group>
        {watch.foreign && <NextForeignNotice foreign={watch.foreign} armed={watch.armed} held={watch.held} />}
        <Staged next={next.data} />
        {count > 0 && (
          <Text
            size="sm"
            c={note.canTake ? 'dimmed' : undefined}
            fw={note.canTake ? undefined : 600}
            data-testid="phone-next-note"
          >
            {note.text}
          </Text>
        )}
        {note.canTake && <PhoneTake next={next.data} watch={watch} />}
      </Stack>
    </Paper>
  );
}
