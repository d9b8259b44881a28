import { Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { CRAWLER_MAX_HEADLINES } from '@shared/constants';

/**
 * Where generated lines come from — server/modules/crawler/crawler.service.ts generate(): the
 * company's approved, unexpired news titles, newest first, at most CRAWLER_MAX_HEADLINES.
 */
export const GENERATE_SOURCE = `Generated from the approved news, newest first (up to ${CRAWLER_MAX_HEADLINES} headlines)`;

const lines = (n: number) => (n === 1 ? '1 line' : `${n} lines`);

/**
 * Generating replaces the whole ticker. With lines on it (typed by hand, reordered) the operator
 * is asked first and told how many lines go; an empty ticker is generated at once. While the
 * ticker is still loading nobody knows, so the operator is asked then too.
 */
export function generateAfterConfirm(currentLines: number | null, run: () => void): void {
  if (currentLines === 0) {
    run();
    return;
  }
  modals.openConfirmModal({
    title: 'Replace the ticker?',
    children: (
      <Stack gap={4}>
        <Text size="sm" data-testid="generate-confirm-text">
          {currentLines === null
            ? 'Replace the lines on the ticker (still loading) with the approved news?'
            : `Replace the ${lines(currentLines)} on the ticker with the approved news?`}
        </Text>
        <Text size="xs" c="dimmed">
          {GENERATE_SOURCE}. Lines added by hand are lost.
        </Text>
      </Stack>
    ),
    labels: { confirm: 'Replace', cancel: 'Cancel' },
    confirmProps: { color: 'red' },
    onConfirm: run,
  });
}
