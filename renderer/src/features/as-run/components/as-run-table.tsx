import { Badge, Card, Group, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { AsRunEntry } from '@shared/contracts/as-run';
import { zonedStamp } from '@shared/zoned-time';
import { SOURCE_LABELS } from './as-run-filters';

/**
 * The station's wall clock to the millisecond (issue 39): an as-run log is read against the
 * studio clock, which runs on the station's zone — not on the zone of the laptop reading it.
 */
export function timeOf(iso: string, zone: string): string {
  return zonedStamp(iso, zone);
}

/** A person by name, or the API key by its name and prefix then (the source column says "API key"). */
const who = (e: AsRunEntry) =>
  e.userName ?? e.apiKey ?? (e.userId === null ? (e.source === 'api_key' ? 'API key' : 'System') : `User #${e.userId}`);

function ResultBadge({ entry }: { entry: AsRunEntry }) {
  const color = entry.result === 'ok' ? 'green' : entry.result === 'skipped' ? 'gray' : 'red';
  return (
    <Badge color={color} variant="light" title={entry.message ?? undefined}>
      {entry.result}
    </Badge>
  );
}

/** What aired: the text (Thaana runs right to left), or "cleared". */
function AiredText({ entry }: { entry: AsRunEntry }) {
  if (entry.text === '')
    return (
      <Text size="sm" c="dimmed" fs="italic">
        cleared
      </Text>
    );
  return (
    <Text size="sm" dir="auto" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} lineClamp={4}>
      {entry.text}
    </Text>
  );
}

/** A table on a desk; a card per row on a phone (seven columns do not fit 390 px). */
export function AsRunTable({ entries, zone }: { entries: AsRunEntry[]; zone: string }) {
  const phone = useMediaQuery('(max-width: 48em)');
  if (phone) {
    return (
      <Stack gap="xs" data-testid="as-run-cards">
        {entries.map((e) => (
          <Card key={e.id} withBorder padding="sm" data-testid="as-run-row">
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Text size="xs" ff="monospace">
                {timeOf(e.at, zone)}
              </Text>
              <ResultBadge entry={e} />
            </Group>
            <Text size="sm" fw={600} mt={4}>
              {e.type} → {e.output}
            </Text>
            <AiredText entry={e} />
            <Text size="xs" c="dimmed" mt={4}>
              {who(e)} · {SOURCE_LABELS[e.source] ?? e.source}
              {e.message ? ` · ${e.message}` : ''}
            </Text>
          </Card>
        ))}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table striped highlightOnHover verticalSpacing="xs" data-testid="as-run-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Time ({zone})</Table.Th>
            <Table.Th scope="col">Type</Table.Th>
            <Table.Th scope="col">Text</Table.Th>
            <Table.Th scope="col">Output</Table.Th>
            <Table.Th scope="col">Result</Table.Th>
            <Table.Th scope="col">Who</Table.Th>
            <Table.Th scope="col">Source</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((e) => (
            <Table.Tr key={e.id} data-testid="as-run-row">
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Text size="xs" ff="monospace">
                  {timeOf(e.at, zone)}
                </Text>
              </Table.Td>
              <Table.Td>{e.type}</Table.Td>
              <Table.Td maw={360}>
                <AiredText entry={e} />
              </Table.Td>
              <Table.Td>{e.output}</Table.Td>
              <Table.Td>
                <ResultBadge entry={e} />
                {e.message && (
                  <Text size="xs" c="dimmed">
                    {e.message}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{who(e)}</Table.Td>
              <Table.Td>{SOURCE_LABELS[e.source] ?? e.source}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
