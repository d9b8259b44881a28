import { Loader, Overlay, Paper, Stack, Text, Title } from '@mantine/core';
import { useServerRestore } from '@/lib/live';

/**
 * Every page of every station while the server moves its data to PostgreSQL (issue 42): nothing
 * can be saved meanwhile, and the page reloads by itself when the server is back (lib/live.ts).
 */
export function StoreMoveNotice() {
  const moving = useServerRestore((s) => s.moving);
  if (!moving) return null;
  return (
    <Overlay fixed blur={2} zIndex={3000} center>
      <Paper
        withBorder
        shadow="xl"
        radius="md"
        p="xl"
        maw={460}
        role="alertdialog"
        aria-labelledby="store-move-notice-title"
        data-testid="store-move-notice"
      >
        <Stack gap="sm" align="center">
          <Loader />
          <Title order={3} id="store-move-notice-title">
            Moving the data to PostgreSQL
          </Title>
          <Text ta="center">
            CG Bridge is copying every station to {moving.to} and checking the copy. Nothing can be saved until it is
            back; this page then reloads by itself. Text not saved before now is not kept.
          </Text>
        </Stack>
      </Paper>
    </Overlay>
  );
}
