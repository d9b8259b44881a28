import { Paper, Text } from '@mantine/core';

/** A lower third as it will air (headline over subheadline), read once more before a button that airs it. */
export function LowerThirdPreview({
  headline,
  subheadline,
  testId,
}: {
  headline: string;
  subheadline: string;
  testId?: string;
}) {
  return (
    <Paper bg="black" p="xs" withBorder data-testid={testId}>
      <Text fw={800} c="white" dir="auto" truncate title={headline}>
        {headline || '\u00a0'}
      </Text>
      <Text size="sm" c="yellow.4" dir="auto" truncate title={subheadline}>
        {subheadline || '\u00a0'}
      </Text>
    </Paper>
  );
}
