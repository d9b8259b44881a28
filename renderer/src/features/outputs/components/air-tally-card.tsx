import { Alert, Badge, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { TallyRow, TallyText } from '@shared/contracts/air';
import { OUTPUT_KIND_LABELS } from '@shared/contracts/outputs';
import { relativeTime } from '@shared/relative-time';
import { errorMessage } from '@/lib/api-client';
import { useAirTally } from '../api/air-tally';

const KIND_LABEL: Record<TallyRow['kind'], string> = {
  files: 'Text files',
  overlay: 'HTML overlay',
  ...OUTPUT_KIND_LABELS,
};

/** Colour and words together (never colour alone): on program, behind it, or not in use. */
function look(row: TallyRow): { color: string; word: string } {
  if (row.state === 'disabled') return { color: 'gray', word: row.kind === 'overlay' ? 'None connected' : 'Disabled' };
  if (row.current) return { color: 'green', word: 'On program' };
  return row.state === 'error' ? { color: 'red', word: 'Not on program' } : { color: 'orange', word: 'Behind program' };
}

/** The texts an operator recognises first: non-empty ones, a cleared type said in words. */
function lines(texts: readonly TallyText[]): string[] {
  const shown = [...texts].sort((a, b) => Number(!a.content) - Number(!b.content)).slice(0, 2);
  const more = texts.length - shown.length;
  return [...shown.map((t) => `${t.type}: ${t.content || '(cleared)'}`), ...(more > 0 ? [`+${more} more`] : [])];
}

function TallyCell({ row }: { row: TallyRow }) {
  const { color, word } = look(row);
  const at = row.confirmed ? new Date(row.confirmed.at) : null;
  return (
    <Paper
      withBorder
      radius="sm"
      p="xs"
      data-testid="tally-row"
      data-output={row.output}
      data-current={row.current}
      data-state={row.state}
      style={{ borderColor: row.current ? undefined : `var(--mantine-color-${color}-6)` }}
    >
      <Stack gap={2}>
        {/* Name and word wrap rather than cut: "CasparCG" must never read "Caspar…". */}
        <Group justify="space-between" gap={4} wrap="wrap">
          <Text
            size="sm"
            fw={700}
            dir="auto"
            title={`${row.output} (${KIND_LABEL[row.kind]})`}
            style={{ overflowWrap: 'anywhere' }}
          >
            {row.kind === 'files' || row.kind === 'overlay' ? KIND_LABEL[row.kind] : row.output}
          </Text>
          <Badge
            color={color}
            variant={row.current ? 'light' : 'filled'}
            size="sm"
            style={{ flex: 'none' }}
            data-testid="tally-word"
          >
            {word}
          </Badge>
        </Group>
        {row.confirmed ? (
          lines(row.confirmed.texts).map((line) => (
            <Text key={line} size="xs" dir="auto" truncate="end" title={line} data-testid="tally-text">
              {line}
            </Text>
          ))
        ) : (
          <Text size="xs" c="dimmed">
            Nothing confirmed since the server started
          </Text>
        )}
        {at && (
          <Text size="xs" c="dimmed" data-testid="tally-at">
            Confirmed {at.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', second: '2-digit' })} (
            {relativeTime(row.confirmed!.at, new Date())})
          </Text>
        )}
        {row.note && (
          <Text
            size="xs"
            c={row.state === 'error' ? 'red.4' : 'dimmed'}
            dir="auto"
            lineClamp={2}
            title={row.note}
            style={{ overflowWrap: 'anywhere' }}
          >
            {row.note}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * The tally (issue 38): per output, the last text it confirmed on program and when — what an
 * operator reads before trusting air. Same on /outputs and CG Control; every signed-in user.
 */
export function AirTallyCard() {
  const tally = useAirTally();
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      role="region"
      aria-label="Tally: what each output confirmed on program"
      data-testid="air-tally"
    >
      <Stack gap="xs">
        <Title order={2} size="h5">
          Tally — what each output last confirmed
        </Title>
        {tally.isPending && <Skeleton height={60} />}
        {tally.error && !tally.data && (
          <Alert color="red" variant="light">
            Could not load the tally: {errorMessage(tally.error)}
          </Alert>
        )}
        {tally.data && (
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 5 }} spacing="xs">
            {tally.data.outputs.map((row) => (
              <TallyCell key={`${row.kind}-${row.output}`} row={row} />
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Paper>
  );
}
