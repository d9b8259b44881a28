import { Alert, Button, Text } from '@mantine/core';
import { IconPlugConnectedX, IconRefresh } from '@tabler/icons-react';

/**
 * In place of a page whose code could not be downloaded (server unreachable for a while, or the
 * app was updated and this tab already reloaded once). The rest of the app keeps working.
 */
export function PageLoadFailed() {
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconPlugConnectedX size={18} />}
      title="Could not load this page"
      data-testid="page-load-failed"
      maw={640}
    >
      <Text size="sm" mb="sm">
        The connection to the CG Bridge server was interrupted while this page was loading, or the app was updated.
        Nothing was changed on air.
      </Text>
      <Button leftSection={<IconRefresh size={16} />} onClick={() => window.location.reload()}>
        Reload
      </Button>
    </Alert>
  );
}
