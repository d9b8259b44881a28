import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface SettingsSectionProps {
  title: string;
  description?: ReactNode;
  /** Buttons beside the heading (e.g. Create API Key). */
  actions?: ReactNode;
  children: ReactNode;
  testId?: string;
}

/** One card of the settings page: a heading, a line saying what it is for, then the form. */
export function SettingsSection({ title, description, actions, children, testId }: SettingsSectionProps) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title} data-testid={testId}>
      <Group justify="space-between" align="flex-start" gap="sm" mb="sm">
        <div>
          <Title order={2} size="h4">
            {title}
          </Title>
          {description && (
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          )}
        </div>
        {actions}
      </Group>
      <Stack gap="sm">{children}</Stack>
    </Paper>
  );
}
