import { Badge, Button, Group, Table, Text, Tooltip } from '@mantine/core';
import { IconDownload, IconHistory } from '@tabler/icons-react';
import type { BackupItem } from '@shared/contracts/backups';

const megabytes = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;
/** The counts an operator recognises; the manifest holds every table. */
const SHOWN = ['news', 'cg_files', 'users', 'equipment', 'activity_logs'];

/** Every complete backup, newest first: when, why, size, verified or the check's words, counts. */
interface BackupsTableProps {
  backups: BackupItem[];
  onDownload: (name: string) => void;
  downloading: string | null;
  /** Offered on verified backups to the host station's owner only (the server says who: canRestore). */
  onRestore: ((backup: BackupItem) => void) | null;
}

export function BackupsTable({ backups, onDownload, downloading, onRestore }: BackupsTableProps) {
  if (!backups.length)
    return <Text c="dimmed">No backups yet. The first is taken a minute after start, then every interval.</Text>;
  return (
    <Table striped highlightOnHover verticalSpacing="xs">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Taken</Table.Th>
          <Table.Th>Why</Table.Th>
          <Table.Th>Size</Table.Th>
          <Table.Th>Check</Table.Th>
          <Table.Th>Stations</Table.Th>
          <Table.Th>Rows</Table.Th>
          <Table.Th />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {backups.map((b) => (
          <Table.Tr key={b.name}>
            <Table.Td>{new Date(b.createdAt).toLocaleString()}</Table.Td>
            <Table.Td>{b.reason}</Table.Td>
            <Table.Td>{megabytes(b.bytes)}</Table.Td>
            <Table.Td>
              {b.verified ? (
                <Tooltip label={`SHA-256 ${b.sha256}`}>
                  <Badge color="green">Verified</Badge>
                </Tooltip>
              ) : (
                <Tooltip label={b.problem ?? ''}>
                  <Badge color="red">Failed check</Badge>
                </Tooltip>
              )}
            </Table.Td>
            <Table.Td>{b.stations.join(', ')}</Table.Td>
            <Table.Td>
              <Text size="xs">
                {SHOWN.filter((t) => t in b.counts)
                  .map((t) => `${t.replace('_', ' ')} ${b.counts[t]}`)
                  .join(' · ')}
              </Text>
            </Table.Td>
            <Table.Td>
              <Group gap="xs" wrap="nowrap">
                <Button
                  size="xs"
                  variant="light"
                  leftSection={<IconDownload size={14} />}
                  loading={downloading === b.name}
                  onClick={() => onDownload(b.name)}
                >
                  Download
                </Button>
                {onRestore && b.verified && (
                  <Button
                    size="xs"
                    variant="light"
                    color="red"
                    leftSection={<IconHistory size={14} />}
                    onClick={() => onRestore(b)}
                  >
                    Restore
                  </Button>
                )}
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
