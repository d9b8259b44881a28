import { Box, Paper, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { CgFile } from '@shared/contracts/cg-files';
import { useCgFiles } from '@/lib/api/cg/get-cg-files';
import { useCgNext } from '@/lib/api/cg/get-cg-next';
import { OnAirPreview } from '../components/on-air-preview';
import { NextBlock } from './next-block';
import { NextOverlayPreview } from './next-overlay-preview';
import { textsAfterTake } from '@/lib/cg/next/next-texts';
import classes from './on-air-with-next.module.css';

/** The overlay as it will look after Take: on-air texts with NEXT laid over them. */
function AfterTakePreview({ files }: { files: UseQueryResult<CgFile[]> }) {
  const next = useCgNext();
  const texts = useMemo(() => textsAfterTake(files.data, next.data), [files.data, next.data]);
  // With nothing staged the picture is air itself: say so, or it reads as a change to come (issue 38).
  const empty = next.data?.changes.length === 0;
  return (
    <Paper
      withBorder
      radius="md"
      p="xs"
      style={{ borderColor: 'var(--mantine-color-green-8)' }}
      data-testid="after-take-preview"
      data-next-empty={empty}
    >
      <Text size="xs" fw={700} tt="uppercase" c="green.4" mb={empty ? 0 : 6}>
        Preview after Take
      </Text>
      {empty && (
        <Text size="sm" fw={600} mb={6} data-testid="after-take-empty">
          NEXT is empty — this is what is on air
        </Text>
      )}
      <NextOverlayPreview texts={texts} />
    </Paper>
  );
}

/**
 * Take mode (issue 25): ON AIR and NEXT side by side, and the overlay as Take will leave it. Its
 * own chunk (the overlay view and stylesheet): stations without take mode never load it.
 */
export default function OnAirWithNext() {
  const files = useCgFiles();
  return (
    <Box className={classes.grid} mb="md" data-testid="on-air-with-next">
      <Box className={classes.onair}>
        <OnAirPreview files={files} />
      </Box>
      <Box className={classes.next}>
        <NextBlock />
      </Box>
      <Box className={classes.preview}>
        <AfterTakePreview files={files} />
      </Box>
    </Box>
  );
}
