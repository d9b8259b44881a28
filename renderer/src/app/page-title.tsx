import { Group, Text, Title } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';
import { PRODUCT_NAME } from '@shared/constants';

interface PageTitleProps {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
}

/** A page's heading; also names the browser tab so operators can tell tabs apart. */
export function PageTitle({ title, description, actions }: PageTitleProps) {
  useEffect(() => {
    document.title = `${title} · ${PRODUCT_NAME}`;
  }, [title]);
  return (
    <Group justify="space-between" align="flex-start" mb="md" gap="sm">
      <div>
        <Title order={1} size="h3">
          {title}
        </Title>
        {description && (
          <Text c="dimmed" size="sm">
            {description}
          </Text>
        )}
      </div>
      {actions}
    </Group>
  );
}
