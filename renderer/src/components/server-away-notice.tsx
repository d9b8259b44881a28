import { Loader, Overlay, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * Covers every page while the server closes and starts again on other data (a restore from a
 * backup, a move to PostgreSQL): nothing can be saved meanwhile, and the page reloads by itself
 * when the server is back (lib/live.ts). `id` names the dialog for tests and screen readers.
 */
export function ServerAwayNotice({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Overlay fixed blur={2} zIndex={3000} center>
      <Paper
        withBorder
        shadow="xl"
        radius="md"
        p="xl"
        maw={460}
        role="alertdialog"
        aria-labelledby={`${id}-title`}
        data-testid={id}
      >
        <Stack gap="sm" align="center">
          <Loader />
          <Title order={3} id={`${id}-title`}>
            {title}
          </Title>
          <Text ta="center">{children}</Text>
        </Stack>
      </Paper>
    </Overlay>
  );
}
