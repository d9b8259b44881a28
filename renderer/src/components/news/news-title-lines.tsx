import { Text } from '@mantine/core';
import type { News } from '@shared/contracts/news';

/** An article's title (two lines at most) and subtitle (one line), in the text's own direction. */
export function NewsTitleLines({ article }: { article: Pick<News, 'title' | 'subtitle'> }) {
  return (
    <>
      <Text size="sm" fw={600} dir="auto" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
        {article.title}
      </Text>
      {article.subtitle && (
        <Text size="xs" c="dimmed" dir="auto" lineClamp={1}>
          {article.subtitle}
        </Text>
      )}
    </>
  );
}
