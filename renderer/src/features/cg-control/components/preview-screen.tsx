import { Badge, Box, Group, Text, Textarea } from '@mantine/core';
import type { PreviewItem } from '../preview-items';

interface PreviewScreenProps {
  item: PreviewItem | undefined;
  position: string;
  onAir: string;
  cgType: string;
  editing: boolean;
  draft: string;
  onDraft: (text: string) => void;
}

/** The item about to go (or gone) to air, right-to-left as the station's graphics draw it. */
export function PreviewScreen({ item, position, onAir, cgType, editing, draft, onDraft }: PreviewScreenProps) {
  return (
    <Box bg="black" p="sm" style={{ borderRadius: 4, border: '1px solid #2b2b2b' }} data-testid="cg-preview-screen">
      <Group justify="space-between" gap="xs" mb={6}>
        <Group gap={6}>
          {/* Not the on-air box: says so, so the two black boxes are never confused. */}
          <Badge variant="filled" color="gray" size="sm" radius="xs">
            Preview
          </Badge>
          <Badge variant="outline" color="gray" size="sm" data-testid="cg-preview-position">
            {position}
          </Badge>
        </Group>
        {item && item.kind !== 'news' && (
          <Badge color="orange" size="sm">
            {item.kind}
          </Badge>
        )}
      </Group>
      {editing ? (
        <Textarea
          aria-label="CG text"
          value={draft}
          onChange={(e) => onDraft(e.currentTarget.value)}
          dir="rtl"
          autosize
          minRows={2}
          maxRows={5}
          size="md"
          data-autofocus
        />
      ) : (
        <>
          <Text
            c="white"
            fw={800}
            fz="1.45rem"
            lh={1.25}
            dir="rtl"
            data-testid="cg-preview-title"
            style={{ overflowWrap: 'anywhere' }}
          >
            {item?.title}
          </Text>
          {item?.subtitle && (
            <Text c="yellow.4" fw={600} dir="rtl" style={{ overflowWrap: 'anywhere' }}>
              {item.subtitle}
            </Text>
          )}
        </>
      )}
      <Text size="xs" c="dimmed" mt={8} truncate data-testid="cg-preview-on-air">
        On air · {cgType}: <span dir="auto">{onAir || '—'}</span>
      </Text>
    </Box>
  );
}
