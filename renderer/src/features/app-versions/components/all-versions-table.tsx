import { ActionIcon, Badge, Card, Group, Table, Text, Title, Tooltip } from '@mantine/core';
import { IconDownload, IconTrash } from '@tabler/icons-react';
import type { AppVersion } from '@shared/contracts/app-versions';
import { formatMegabytes } from '../app-version-format';

interface AllVersionsTableProps {
  versions: readonly AppVersion[];
  onDownload: (version: AppVersion) => void;
  onDelete: (version: AppVersion) => void;
  /** The company whose delete is in flight. */
  pendingCompanyId?: number;
}

function VersionRow({
  version,
  onDownload,
  onDelete,
  pendingCompanyId,
}: Omit<AllVersionsTableProps, 'versions'> & { version: AppVersion }) {
  return (
    <Table.Tr data-testid={`version-row-${version.companyId}`}>
      <Table.Td fw={600}>{version.companyName}</Table.Td>
      {/* Kept on one line: the table scrolls sideways on a phone rather than breaking names mid-word. */}
      <Table.Td ff="monospace" style={{ whiteSpace: 'nowrap' }}>
        {version.latestVersion}
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{version.downloadFileName}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatMegabytes(version.fileSize)}</Table.Td>
      <Table.Td>
        <Badge size="sm" variant="light" color={version.isPublic ? 'green' : 'gray'}>
          {version.isPublic ? 'Public' : 'Private'}
        </Badge>
      </Table.Td>
      <Table.Td fz="xs" style={{ whiteSpace: 'nowrap' }}>
        {new Date(version.createdAt).toLocaleString()}
      </Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap" justify="flex-end">
          <Tooltip label="Download">
            <ActionIcon
              variant="subtle"
              aria-label={`Download ${version.companyName}`}
              disabled={!version.downloadUrl}
              onClick={() => onDownload(version)}
            >
              <IconDownload size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Delete">
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Delete ${version.companyName}`}
              disabled={pendingCompanyId === version.companyId}
              onClick={() => onDelete(version)}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/** 'All Company Versions' (docs/product.md §Screens and routes), for devs: every company's version, newest first. */
export function AllVersionsTable({ versions, ...actions }: AllVersionsTableProps) {
  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={2} size="h5" mb="sm">
        All Company Versions
      </Title>
      {versions.length === 0 ? (
        <Text c="dimmed" ta="center" py="lg">
          No app versions found across all companies
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table verticalSpacing="sm" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Company</Table.Th>
                <Table.Th>Version</Table.Th>
                <Table.Th>File Name</Table.Th>
                <Table.Th>Size</Table.Th>
                <Table.Th>Public</Table.Th>
                <Table.Th>Created</Table.Th>
                <Table.Th ta="right">Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {versions.map((version) => (
                <VersionRow key={version.id} version={version} {...actions} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}
