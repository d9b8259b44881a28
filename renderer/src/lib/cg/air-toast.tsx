import { Stack, Text } from '@mantine/core';
import { airTitle, describeAir } from '@shared/air-answer';
import type { AirAnswer } from '@shared/contracts/air';
import { showToast } from '@/lib/toast';

const COLOR = { ok: 'green', sending: 'orange', failed: 'red' } as const;

/**
 * The toast of a send or Take that aired (issue 38): green only when every output that shows the
 * change confirmed it; red naming each failure; orange naming what has not answered yet. `lead`
 * is the screen's usual words ("NEXT is on air"); without an air answer (an older server) the
 * toast is the usual green one.
 */
export function toastAir(okTitle: string, lead: string, air: AirAnswer | undefined): void {
  if (!air) {
    showToast(okTitle, lead, 'green');
    return;
  }
  const verdict = describeAir(air);
  const body = (
    <Stack gap={2}>
      <Text size="sm">{lead}</Text>
      <Text size="xs" data-testid="air-answer" data-level={verdict.level} style={{ overflowWrap: 'anywhere' }}>
        {verdict.line}
      </Text>
    </Stack>
  );
  showToast(airTitle(verdict, okTitle), body, COLOR[verdict.level]);
}
