import { Group, Text } from '@mantine/core';

/** At most this many dots; a longer rundown shows the text alone (dots would be noise). */
const MAX_DOTS = 40;

/** 'Section: n of total' with a dot per section, the current one lit (`compact`: no dots on phones). */
export function SectionIndicator({
  index,
  count,
  compact = false,
}: {
  index: number;
  count: number;
  compact?: boolean;
}) {
  return (
    <Group gap={8} wrap="nowrap">
      <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }} data-testid="prompter-section-indicator">
        {count ? `Section: ${index + 1} of ${count}` : 'Section: 0 of 0'}
      </Text>
      {count > 1 && count <= MAX_DOTS && (
        <Group gap={4} wrap="nowrap" aria-hidden visibleFrom={compact ? 'sm' : undefined}>
          {Array.from({ length: count }, (_, i) => (
            <span
              key={i}
              style={{ width: 8, height: 8, borderRadius: '50%', background: i === index ? '#3b82f6' : '#4b5563' }}
            />
          ))}
        </Group>
      )}
    </Group>
  );
}
