import { Badge, Box, Button, Group, Skeleton, Text, Tooltip } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { CgFile } from '@shared/contracts/cg-files';
import { errorMessage } from '@/lib/api-client';
import { cgText } from '@/lib/api/cg/get-cg-files';
import classes from './on-air-preview.module.css';

interface OnAirPreviewProps {
  files: UseQueryResult<CgFile[]>;
}

/** One line of on-air text: ellipsised in the fixed box; the whole text on hover and keyboard focus. */
function OnAirLine({ text, className, testId }: { text: string; className: string | undefined; testId: string }) {
  return (
    // The title serves the mouse; the tooltip opens on keyboard focus, where a title never shows.
    <Tooltip
      label={text}
      events={{ hover: false, focus: true, touch: false }}
      multiline
      maw={480}
      style={{ overflowWrap: 'anywhere' }}
    >
      <Text className={className} dir="auto" truncate="end" title={text} tabIndex={0} data-testid={testId}>
        {text}
      </Text>
    </Tooltip>
  );
}

function Third({ files }: OnAirPreviewProps) {
  if (files.isPending) {
    return (
      <Box className={classes.third} data-testid="cg-preview-loading" aria-busy>
        <Text className={classes.status}>Loading…</Text>
        <Skeleton height={14} width="60%" mt={6} opacity={0.3} />
      </Box>
    );
  }
  if (files.error && !files.data) {
    return (
      <Group className={classes.third} gap="xs" wrap="nowrap" data-testid="cg-preview-error">
        <Text className={classes.status} c="red.4" style={{ minWidth: 0 }} truncate title={errorMessage(files.error)}>
          Could not load what is on air: {errorMessage(files.error)}
        </Text>
        <Button
          size="compact-xs"
          variant="white"
          color="dark"
          onClick={() => void files.refetch()}
          style={{ flex: 'none' }}
        >
          Retry
        </Button>
      </Group>
    );
  }
  const headline = cgText(files.data, 'headline');
  const subheadline = cgText(files.data, 'subheadline');
  return (
    <Box className={classes.third}>
      {headline ? (
        <OnAirLine text={headline} className={classes.headline} testId="cg-preview-headline" />
      ) : (
        <Text className={classes.status} data-testid="cg-preview-headline" data-empty>
          No headline on air
        </Text>
      )}
      {subheadline ? (
        <OnAirLine text={subheadline} className={classes.subheadline} testId="cg-preview-subheadline" />
      ) : (
        <Text className={classes.subheadline} data-testid="cg-preview-subheadline">
          {'\u00a0'}
        </Text>
      )}
    </Box>
  );
}

/**
 * What the graphics system is reading now (the output files' text), drawn like the lower third
 * it becomes: the one box on this screen that must never be mistaken for a draft. Its height is
 * fixed, so a long line can never push the controls below it (Override) off screen.
 */
export function OnAirPreview({ files }: OnAirPreviewProps) {
  const program = cgText(files.data, 'program_bar');
  const hashtag = cgText(files.data, 'hashtag_bar');
  const emergency = cgText(files.data, 'emergency').trim();
  return (
    <Box
      className={classes.frame}
      data-testid="cg-on-air-preview"
      data-emergency={Boolean(emergency)}
      aria-label="On-air CG preview"
      role="region"
    >
      <Group justify="space-between" gap="xs" wrap="nowrap" className={classes.top}>
        <Badge
          color="red"
          variant="filled"
          radius="xs"
          size="sm"
          leftSection={<span className="live-dot" />}
          style={{ flex: 'none' }}
        >
          ON AIR
        </Badge>
        {emergency && (
          <OnAirLine text={`EMERGENCY: ${emergency}`} className={classes.emergency} testId="cg-preview-emergency" />
        )}
        {program && !emergency && <OnAirLine text={program} className={classes.program} testId="cg-preview-program" />}
      </Group>
      <Third files={files} />
      <Box className={classes.bottom}>
        {hashtag && <OnAirLine text={hashtag} className={classes.hashtag} testId="cg-preview-hashtag" />}
      </Box>
    </Box>
  );
}
