import { Paper, Text } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';
import { PageTitle } from '@/app/page-title';

/** Stands in for a screen that a later release builds, so every route of the spec exists now. */
export default function PlaceholderPage({ title }: { title: string }) {
  return (
    <>
      <PageTitle title={title} />
      <Paper withBorder p="xl" radius="md">
        <Text c="dimmed" ta="center">
          <IconTools size={28} style={{ display: 'block', margin: '0 auto 8px' }} aria-hidden />
          This screen is coming in a later release.
        </Text>
      </Paper>
    </>
  );
}
