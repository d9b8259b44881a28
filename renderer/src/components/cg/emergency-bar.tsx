import { Group, Paper, Text } from '@mantine/core';
import { IconAlertOctagonFilled } from '@tabler/icons-react';
import { can } from '@shared/roles';
import { useCurrentUser } from '@/lib/session-store';
import { useEmergencyState } from '@/lib/cg/emergency-state';
import { EndEmergencyButton } from './end-emergency-button';

/**
 * The red bar every screen that controls the air shows while an emergency is on air: what it
 * says, and the one way to end it. Roles without CG rights see it without the button; so does a
 * screen that only sends (the prompter's full screen, a dialog), where ending is not its job.
 */
export function EmergencyBar({ endButton = true }: { endButton?: boolean }) {
  const emergency = useEmergencyState();
  const canWrite = can(useCurrentUser(), 'cg.write');
  if (!emergency.active) return null;
  return (
    // A named region, not an alert: the OnAirAnnouncer says the emergency once per screen, and
    // an alert here would say it again for every bar on the page.
    <Paper
      bg="red.8"
      radius="sm"
      px="sm"
      py={8}
      role="region"
      aria-label="Emergency on air"
      data-testid="emergency-bar"
    >
      {/* The text takes the row; on a phone the button wraps below it rather than squeezing it. */}
      <Group gap="sm" wrap="wrap" justify="space-between">
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0, flex: '1 1 240px' }}>
          <IconAlertOctagonFilled size={22} color="white" style={{ flex: 'none' }} />
          <div style={{ minWidth: 0 }}>
            <Text size="xs" fw={800} c="white" tt="uppercase" lh={1.2}>
              Emergency on air
            </Text>
            <Text
              fw={700}
              c="white"
              dir="auto"
              lineClamp={3}
              title={emergency.text}
              tabIndex={0}
              style={{ overflowWrap: 'anywhere' }}
              data-testid="emergency-bar-text"
            >
              {emergency.text}
            </Text>
          </div>
        </Group>
        {canWrite && endButton && <EndEmergencyButton text={emergency.text} />}
      </Group>
    </Paper>
  );
}
