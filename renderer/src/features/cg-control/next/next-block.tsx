import { Alert, Badge, Button, Group, Kbd, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconPlayerPlayFilled, IconX } from '@tabler/icons-react';
import type { CgNext } from '@shared/contracts/cg-next';
import { can } from '@shared/roles';
import { useCurrentUser } from '@/features/auth/session-store';
import { errorMessage } from '@/lib/api-client';
import { useCgNext } from '../api/get-cg-next';
import { useClearNext } from '../api/clear-next';
import { useTakeNext } from '../api/take-next';
import { toastCgFailure, toastSuccess } from '../cg-toast';
import { useEmergencyConfirm } from '../hooks/use-emergency-confirm';
import { stagedText, typeLabel } from './next-texts';
import { useTakeKeys } from './use-take-keys';

/** Mantine's Kbd greys its label below 4.5:1 on the dark scheme: the page's text colour instead. */
const KBD = { color: 'var(--mantine-color-text)' };

function StagedList({ next }: { next: CgNext }) {
  if (!next.changes.length) {
    return (
      <Text size="sm" c="dimmed" data-testid="next-empty">
        Nothing in NEXT. Sends from CG Control, the preview and the crawler wait here until Take.
      </Text>
    );
  }
  return (
    <Stack gap={4} data-testid="next-list">
      {next.changes.map((c) => (
        <Group key={c.type} gap="xs" wrap="nowrap" align="baseline">
          <Text size="xs" fw={700} tt="uppercase" c="dimmed" style={{ flex: 'none' }}>
            {typeLabel(c.type)}
          </Text>
          <Text size="sm" fw={600} dir="auto" truncate="end" title={c.content} style={{ minWidth: 0 }} data-testid={`next-text-${c.type}`}>
            {stagedText(c.type, c.content)}
          </Text>
        </Group>
      ))}
      {next.updatedBy && (
        <Text size="xs" c="dimmed">
          Staged by {next.updatedBy.fullName}
          {next.updatedAt ? ` at ${new Date(next.updatedAt).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}` : ''}
        </Text>
      )}
    </Stack>
  );
}

function TakeButtons({ next }: { next: CgNext }) {
  const take = useTakeNext();
  const clear = useClearNext();
  const confirm = useEmergencyConfirm();
  const empty = next.changes.length === 0;
  const busy = take.isPending || clear.isPending;
  const doTake = () => {
    if (empty || busy) return;
    // Like every send: during an emergency, Take asks first (issue 22).
    confirm(`Take NEXT: ${next.changes.map((c) => typeLabel(c.type)).join(', ')}`, () =>
      take.mutate(next.version, {
        onSuccess: () => toastSuccess('CG Updated', 'NEXT is on air'),
        onError: (error) => toastCgFailure('Take failed', null, error),
      }),
    );
  };
  const doClear = () => {
    if (empty || busy) return;
    clear.mutate(next.version, { onError: (error) => toastCgFailure('Clear failed', null, error) });
  };
  useTakeKeys(true, doTake, doClear);
  return (
    <Stack gap={6}>
      <Group gap="xs" wrap="wrap">
        <Button size="lg" leftSection={<IconPlayerPlayFilled size={18} />} onClick={doTake} disabled={empty || clear.isPending} loading={take.isPending} data-testid="next-take">
          Take
        </Button>
        <Button size="lg" variant="default" leftSection={<IconX size={16} />} onClick={doClear} disabled={empty || take.isPending} loading={clear.isPending} data-testid="next-clear">
          Clear
        </Button>
      </Group>
      <Text size="xs" c="dimmed" data-testid="next-shortcuts">
        <Kbd size="xs" style={KBD}>
          Enter
        </Kbd>{' '}
        takes,{' '}
        <Kbd size="xs" style={KBD}>
          Esc
        </Kbd>{' '}
        clears — when you are not typing in a field.
      </Text>
    </Stack>
  );
}

/**
 * NEXT (issue 25): what take mode has staged for this station, the same on every desk, live. CG
 * writers get Take and Clear (and the Enter / Escape keys). Nothing shows while take mode is off.
 */
export function NextBlock() {
  const next = useCgNext();
  const canWrite = can(useCurrentUser(), 'cg.write');
  if (next.data && !next.data.takeMode) return null;
  const count = next.data?.changes.length ?? 0;
  return (
    <Paper withBorder radius="md" p="sm" role="region" aria-label="NEXT: staged for Take" data-testid="next-block" data-count={count} style={{ borderColor: count ? 'var(--mantine-color-green-6)' : undefined }}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Badge color="green" variant={count ? 'filled' : 'light'} radius="xs" size="lg">
            NEXT
          </Badge>
          {next.data?.lastTake && (
            <Text size="xs" c="dimmed" data-testid="next-last-take">
              Last Take: {next.data.lastTake.fullName}
            </Text>
          )}
        </Group>
        {next.isPending && <Skeleton height={40} data-testid="next-loading" />}
        {next.error && !next.data && (
          <Alert color="red" variant="light" data-testid="next-error">
            <Group justify="space-between" gap="xs">
              <Text size="sm">Could not load NEXT: {errorMessage(next.error)}</Text>
              <Button size="compact-xs" variant="default" onClick={() => void next.refetch()}>
                Retry
              </Button>
            </Group>
          </Alert>
        )}
        {next.data && (
          <>
            <StagedList next={next.data} />
            {canWrite && <TakeButtons next={next.data} />}
          </>
        )}
      </Stack>
    </Paper>
  );
}
