import { Loader, Overlay, Paper, Stack, Text, Title } from '@mantine/core';
import { useServerRestore } from '@/lib/live';

/**
 * Every page of every station while the server restarts on a backup (issue 41): nothing can be
 * saved meanwhile, and the page reloads by itself when the server is back (lib/live.ts).
 */
export function RestoreNotice() {
  const restoring = useServerRestore((s) => s.restoring);
  if (!restoring) return null;
  return (
    <Overlay fixed blur={2} zIndex={3000} center>
      <Paper
        withBorder
        shadow="xl"
        radius="md"
        p="xl"
        maw={460}
        role="alertdialog"
        aria-labelledby="restore-notice-title"
        data-testid="restore-notice"
      >
        <Stack gap="sm" align="center">
          <Loader />
          <Title order={3} id="restore-notice-title">
            Restoring a backup
          </Title>
          <Text ta="center">
            CG Bridge is going back to the backup of {new Date(restoring.createdAt).toLocaleString()}. It is back in a
            few seconds and this page reloads by itself. Anything not saved before now is not kept.
          </Text>
        </Stack>
      </Paper>
    </Overlay>
  );
}
