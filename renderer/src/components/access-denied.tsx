import { Alert } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';

/** Shown instead of a page whose data the server would refuse (403) for this role. */
export function AccessDenied({ who }: { who: string }) {
  return (
    <Alert color="yellow" variant="light" icon={<IconLock size={18} />} title="You do not have access">
      This page is available to {who} only. Ask an administrator if you need it.
    </Alert>
  );
}
