import { ActionIcon, Box, Button, Text, Tooltip } from '@mantine/core';
import { IconAlertOctagon } from '@tabler/icons-react';
import { can } from '@shared/roles';
import { useCurrentUser } from '@/lib/session-store';
import { useEndEmergencyAction } from '@/components/cg/end-emergency-button';
import { useEmergencyDialog } from '@/features/cg-control/emergency-dialog-store';
import { useEmergencyState } from '@/lib/cg/emergency-state';

/**
 * Emergency Mode (docs/product.md §Screens and routes showed a local switch; issue 8 makes it the real state): red and
 * pressed while emergency.txt has text. Switching on opens the override dialog; switching off
 * ends the emergency after a confirmation. Roles without CG rights see the state only.
 */
export function EmergencyModeButton() {
  const emergency = useEmergencyState();
  const canWrite = can(useCurrentUser(), 'cg.write');
  const openOverride = useEmergencyDialog((s) => s.open);
  const end = useEndEmergencyAction();
  const on = emergency.active;
  const onClick = () => {
    if (!canWrite || emergency.loading) return;
    if (on) end.confirm(emergency.text);
    else openOverride();
  };
  const hint = canWrite
    ? undefined
    : on
      ? 'Emergency on air (only CG operators can end it)'
      : 'Only CG operators can start an emergency';
  const common = {
    color: on ? 'red' : 'gray',
    variant: on ? 'filled' : 'default',
    'aria-pressed': on,
    'aria-disabled': !canWrite || undefined,
    title: hint,
    onClick,
    'data-testid': 'emergency-mode',
    style: canWrite ? undefined : { cursor: 'default' },
  } as const;
  return (
    <>
      <Button
        {...common}
        size="compact-sm"
        visibleFrom="md"
        leftSection={<IconAlertOctagon size={16} />}
        loading={end.pending}
      >
        Emergency Mode
      </Button>
      <Tooltip label={hint ?? 'Emergency Mode'}>
        <ActionIcon {...common} size="lg" hiddenFrom="md" aria-label="Emergency Mode" loading={end.pending}>
          <IconAlertOctagon size={18} />
        </ActionIcon>
      </Tooltip>
    </>
  );
}

/** The emergency text in the header, on every screen, while it is on air (full text on hover/focus). */
export function HeaderEmergencyText() {
  const emergency = useEmergencyState();
  if (!emergency.active) return null;
  return (
    <Box
      bg="red.8"
      px="xs"
      py={2}
      style={{ borderRadius: 4, minWidth: 0, flex: '0 1 auto' }}
      visibleFrom="sm"
      data-testid="header-emergency"
    >
      <Text size="sm" fw={700} c="white" truncate dir="auto" title={emergency.text} tabIndex={0}>
        EMERGENCY: {emergency.text}
      </Text>
    </Box>
  );
}
