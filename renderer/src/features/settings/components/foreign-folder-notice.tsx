import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ForeignFolderError } from '@shared/contracts/settings';

interface Props {
  foreign: ForeignFolderError;
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * The new CG folder already holds files CG Bridge did not write (issue 22): the server's message
 * and the files, and the user decides. Confirming saves again with `confirmNonEmptyFolder`.
 */
export function ForeignFolderNotice({ foreign, pending, onConfirm, onCancel }: Props) {
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      title="This folder is not empty"
      data-testid="cg-folder-foreign"
    >
      {/* The server's message names the files (the first 20) and how many there are. */}
      <Text size="sm">{foreign.message}</Text>
      <Group mt="sm" gap="sm">
        <Button color="yellow" size="xs" loading={pending} onClick={onConfirm}>
          Use this folder anyway
        </Button>
        <Button variant="default" size="xs" disabled={pending} onClick={onCancel}>
          Cancel
        </Button>
      </Group>
    </Alert>
  );
}
