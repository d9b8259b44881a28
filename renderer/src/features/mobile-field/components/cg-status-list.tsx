import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { MOBILE_CG_STATUS_ITEMS } from '../mobile-field-constants';
import { useCgFiles } from '@/lib/api/cg/get-cg-files';

/**
 * 'Current CG Status' (docs/product.md §Screens and routes, §Limits: 3 items): the first files as the server lists them.
 * 'Live' marks a file with text: that is what the graphics program is showing now.
 */
export function CgStatusList() {
  const files = useCgFiles();
  const shown = (files.data ?? []).slice(0, MOBILE_CG_STATUS_ITEMS);
  return (
    <Stack gap="xs" data-testid="mobile-cg-status">
      <Title order={3} size="h5">
        Current CG Status
      </Title>
      {shown.map((file) => (
        <Paper key={file.type} withBorder radius="md" p="sm" data-testid="mobile-cg-status-item">
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text size="sm" fw={600} tt="uppercase">
              {file.type}
            </Text>
            {file.content && (
              <Badge color="red" variant="filled" size="sm" style={{ flexShrink: 0 }}>
                Live
              </Badge>
            )}
          </Group>
          <Text
            size="sm"
            c={file.content ? undefined : 'dimmed'}
            dir="auto"
            style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}
            lineClamp={3}
          >
            {file.content || 'No content'}
          </Text>
        </Paper>
      ))}
    </Stack>
  );
}
