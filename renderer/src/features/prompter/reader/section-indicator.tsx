import { Group, Text } from '@mantine/core';

/** At most this many dots; a longer rundown shows the text alone (dots would be noise). */
const MAX_DOTS = 40;

/** 'Section: n of total' with a dot per section, the current one lit. */
export function SectionIndicator({ index, count }: { index: number; count: number }) {
  return (
    <Group gap={8} wrap="nowrap">
      <Text size="sm" fw={600} data-testid="prompter-section-indicator">
        {count ? `Section: ${index + 1} of ${count}` : 'Section: 0 of 0'}
      </Text>
      {count > 1 && count <= MAX_DOTS && (
        <Group gap={4} wrap="nowrap" aria-hidden>
          {Array.from({ length: count }, (_, i) => (
            <span key={i} style={{ width: 8, height: 8, borderRadius: '50%', background: i === index ? '#3b82f6' : '#4b5563' }} />
          ))}
        </Group>
      )}
    </Group>
  );
}
