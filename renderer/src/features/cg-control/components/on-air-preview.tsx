import { Badge, Box, Group, Text } from '@mantine/core';
import type { CgFile } from '@shared/contracts/cg-files';
import { cgText } from '../api/get-cg-files';
import classes from './on-air-preview.module.css';

interface OnAirPreviewProps {
  files: readonly CgFile[] | undefined;
}

/**
 * What the graphics system is reading now (the output files' text), drawn like the lower third
 * it becomes: the one box on this screen that must never be mistaken for a draft.
 */
export function OnAirPreview({ files }: OnAirPreviewProps) {
  const headline = cgText(files, 'headline');
  const subheadline = cgText(files, 'subheadline');
  const program = cgText(files, 'program_bar');
  const hashtag = cgText(files, 'hashtag_bar');
  return (
    <Box className={classes.frame} data-testid="cg-on-air-preview" aria-label="On-air CG preview" role="region">
      <Group justify="space-between" gap="xs" wrap="nowrap" className={classes.top}>
        <Badge color="red" variant="filled" radius="xs" size="sm" leftSection={<span className="live-dot" />}>
          ON AIR
        </Badge>
        {program && (
          <Text size="xs" fw={700} className={classes.program} dir="auto" truncate data-testid="cg-preview-program">
            {program}
          </Text>
        )}
      </Group>
      <Box className={classes.third}>
        <Text className={classes.headline} dir="auto" data-testid="cg-preview-headline" data-empty={!headline}>
          {headline || 'No headline on air'}
        </Text>
        <Text className={classes.subheadline} dir="auto" data-testid="cg-preview-subheadline">
          {subheadline || '\u00a0'}
        </Text>
      </Box>
      {hashtag && (
        <Text size="xs" className={classes.hashtag} dir="auto" truncate data-testid="cg-preview-hashtag">
          {hashtag}
        </Text>
      )}
    </Box>
  );
}
