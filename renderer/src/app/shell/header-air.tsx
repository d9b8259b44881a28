import { Badge, Box, Tooltip } from '@mantine/core';
import { useCurrentUser } from '@/lib/session-store';
import { useCgWriteFailure } from '@/lib/cg/cg-write-failure-store';
import { airState, type AirLevel } from '@/features/outputs/air-state';
import { useOutputStatuses } from '@/lib/api/outputs/outputs';
import { useAirAlarm } from '@/features/outputs/use-air-alarm';
import { useLiveStatus } from '@/lib/live';

const LOOK: Record<AirLevel, { color: string; variant: 'filled' | 'light' }> = {
  ok: { color: 'green', variant: 'light' },
  warn: { color: 'orange', variant: 'light' },
  fail: { color: 'red', variant: 'filled' },
  unknown: { color: 'gray', variant: 'light' },
};

/**
 * LIVE's truthful neighbour (issue 38): "AIR OK", or what is wrong with air — on every desk, from
 * the outputs' live status, the CG write-failure alert and this desk's own connection. It also
 * carries the optional alarm sound (the header is mounted once per desk).
 */
export function AirIndicator() {
  const statuses = useOutputStatuses().data;
  const filesFailing = useCgWriteFailure((s) => s.failure !== null);
  const connected = useLiveStatus((s) => s.connected);
  useAirAlarm(statuses, useCurrentUser().id);
  const air = airState({ statuses: statuses ?? [], filesFailing, connected });
  const look = LOOK[air.level];
  return (
    <Tooltip label={air.detail} multiline maw={360} withArrow>
      <Badge
        color={look.color}
        variant={look.variant}
        radius="sm"
        size="md"
        tt="none"
        data-testid="air-state"
        data-level={air.level}
        aria-label={`${air.text}. ${air.detail}`}
        role="status"
      >
        {/* The whole words on a desk; on a phone "AIR" / "AIR !" (the label says it all to screen readers). */}
        <Box component="span" visibleFrom="sm">
          {air.text}
        </Box>
        <Box component="span" hiddenFrom="sm" aria-hidden>
          {air.level === 'ok' ? 'AIR' : 'AIR !'}
        </Box>
      </Badge>
    </Tooltip>
  );
}
