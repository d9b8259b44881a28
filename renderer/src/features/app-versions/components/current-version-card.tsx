import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconPencil, IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { AppVersion } from '@shared/contracts/app-versions';
import { formatMegabytes, shortChecksum } from '../app-version-format';

interface CurrentVersionCardProps {
  version: AppVersion | null;
  canManage: boolean;
  downloading: boolean;
  onCreate: () => void;
  onEdit: (version: AppVersion) => void;
  onDownload: (version: AppVersion) => void;
}

function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" fw={500} data-testid={testId} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

/** 'Current Company Version' (docs/product.md §Screens and routes): the version this company's desktops should run. */
export function CurrentVersionCard({
  version,
  canManage,
  downloading,
  onCreate,
  onEdit,
  onDownload,
}: CurrentVersionCardProps) {
  return (
    <Card withBorder radius="md" padding="lg" data-testid="current-version-card">
      <Title order={2} size="h5" mb="sm">
        Current Company Version
      </Title>
      {version ? (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
            <Fact label="Version" testId="current-version">
              {version.latestVersion}{' '}
              {!version.isPublic && (
                <Badge size="xs" color="gray" variant="light">
                  Private
                </Badge>
              )}
            </Fact>
            <Fact label="File" testId="current-file">
              {version.downloadFileName}
            </Fact>
            <Fact label="Size" testId="current-size">
              {formatMegabytes(version.fileSize)}
            </Fact>
            <Fact label="Checksum" testId="current-checksum">
              <Text span ff="monospace" size="sm" title={version.checksum ?? undefined}>
                {shortChecksum(version.checksum)}
              </Text>
            </Fact>
          </SimpleGrid>
          <Fact label="Release Notes">
            <Text span size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {version.releaseNotes}
            </Text>
          </Fact>
          <Group gap="sm">
            {canManage && (
              <Button variant="default" leftSection={<IconPencil size={16} />} onClick={() => onEdit(version)}>
                Edit
              </Button>
            )}
            <Button
              leftSection={<IconDownload size={16} />}
              disabled={!version.downloadUrl}
              loading={downloading}
              onClick={() => onDownload(version)}
            >
              Download
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack align="center" gap="sm" py="lg">
          <Text c="dimmed">No app version configured for your company</Text>
          {canManage && (
            <Button leftSection={<IconPlus size={16} />} onClick={onCreate}>
              Create First Version
            </Button>
          )}
        </Stack>
      )}
    </Card>
  );
}
