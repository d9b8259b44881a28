import { Alert, Anchor, Text } from '@mantine/core';
import { IconRss } from '@tabler/icons-react';
import { useWireSource } from '@/lib/api/wires/wires';

/** On a news draft made from a wire: where it came from (the link opens the original). */
export function WireSourceNote({ newsId }: { newsId: number }) {
  const source = useWireSource(newsId).data?.source;
  if (!source) return null;
  return (
    <Alert color="blue" variant="light" icon={<IconRss size={16} />} mb="sm" data-testid="wire-source-note">
      <Text size="sm">
        From the wire: <b dir="auto">{source.source}</b> —{' '}
        {source.link ? (
          <Anchor href={source.link} target="_blank" rel="noopener noreferrer" size="sm" dir="auto" underline="always">
            {source.title}
          </Anchor>
        ) : (
          <span dir="auto">{source.title}</span>
        )}
      </Text>
    </Alert>
  );
}
