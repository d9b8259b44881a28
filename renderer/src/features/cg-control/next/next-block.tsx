import { Alert, Badge, Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import type { CgNext } from '@shared/contracts/cg-next';
import { can } from '@shared/roles';
import { useCurrentUser } from '@/lib/session-store';
import { errorMessage } from '@/lib/api-client';
import { useCgNext } from '@/lib/api/cg/get-cg-next';
import { NextForeignNotice } from '@/components/cg/next-foreign-notice';
import { stagedText, typeLabel } from '@/lib/cg/next/next-texts';
import type { ForeignChange } from '@/lib/cg/next/next-watch';
import { TakeButtons } from './take-buttons';
import { useNextWatch } from '@/lib/cg/next/use-next-watch';

/** Another desk's change is marked on its rows too: the eye lands on the line that changed. */
const CHANGED_ROW = {
  background: 'var(--mantine-color-orange-light)',
  outline: '2px solid var(--mantine-color-orange-6)',
  borderRadius: 4,
  padding: '2px 6px',
};

function StagedList({ next, foreign }: { next: CgNext; foreign: ForeignChange | null }) {
  if (!next.changes.length) {
    return (
      <Text size="sm" c="dimmed" data-testid="next-empty">
        Nothing in NEXT. Sends from CG Control, the preview, the file centre and the crawler wait here until Take.
      </Text>
    );
  }
  const changed = new Set(foreign?.diff.map((d) => d.type));
  return (
    <Stack gap={4} data-testid="next-list">
      {next.changes.map((c) => (
        <Group
          key={c.type}
          gap="xs"
          wrap="nowrap"
          align="baseline"
          style={changed.has(c.type) ? CHANGED_ROW : undefined}
          data-changed={changed.has(c.type)}
        >
          <Text size="xs" fw={700} tt="uppercase" c="dimmed" style={{ flex: 'none' }}>
            {typeLabel(c.type)}
          </Text>
          <Text
            size="sm"
            fw={600}
            dir="auto"
            truncate="end"
            title={c.content}
            style={{ minWidth: 0 }}
            data-testid={`next-text-${c.type}`}
          >
            {stagedText(c.type, c.content)}
          </Text>
        </Group>
      ))}
      {next.updatedBy && (
        <Text size="xs" c="dimmed">
          Staged by {next.updatedBy.fullName}
          {next.updatedAt
            ? ` at ${new Date(next.updatedAt).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', second: '2-digit' })}`
            : ''}
        </Text>
      )}
    </Stack>
  );
}

function NextContent({ next, canWrite }: { next: CgNext; canWrite: boolean }) {
  const watch = useNextWatch(next);
  return (
    <>
      {watch.foreign && <NextForeignNotice foreign={watch.foreign} armed={watch.armed} held={watch.held} />}
      <StagedList next={next} foreign={watch.foreign} />
      {canWrite && <TakeButtons next={next} watch={watch} />}
    </>
  );
}

/**
 * NEXT (issue 25): what take mode has staged for this station, the same on every desk, live. CG
 * writers get Take and Clear (and their keys). A change by another desk is marked (issue 38).
 * Nothing shows while take mode is off.
 */
export function NextBlock() {
  const next = useCgNext();
  const canWrite = can(useCurrentUser(), 'cg.write');
  if (next.data && !next.data.takeMode) return null;
  const count = next.data?.changes.length ?? 0;
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      role="region"
      aria-label="NEXT: staged for Take"
      tabIndex={-1}
      id="cg-next"
      data-testid="next-block"
      data-count={count}
      style={{ borderColor: count ? 'var(--mantine-color-green-6)' : undefined }}
    >
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
        {next.data && <NextContent next={next.data} canWrite={canWrite} />}
      </Stack>
    </Paper>
  );
}
