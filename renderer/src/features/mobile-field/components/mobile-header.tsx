import { Badge, Group, Title } from '@mantine/core';
import { IconBroadcast } from '@tabler/icons-react';
import { PRODUCT_NAME } from '@shared/constants';

/** 'CG Bridge' with a 'Mobile' badge (docs/product.md §Screens and routes). */
export function MobileHeader() {
  return (
    <Group gap="xs" wrap="nowrap" mb="sm">
      <IconBroadcast size={24} color="var(--mantine-color-red-6)" aria-hidden />
      <Title order={1} size="h3">
        {PRODUCT_NAME}
      </Title>
      <Badge variant="filled">Mobile</Badge>
    </Group>
  );
}
