import { Badge, Text, Tooltip } from '@mantine/core';
import type { OutputState, OutputStatus } from '@shared/contracts/outputs';
import { relativeTime } from '@shared/relative-time';

/** Colour and word together (never colour alone, WCAG 1.4.1). */
export const STATE_LOOK: Record<OutputState, { color: string; word: string }> = {
  connected: { color: 'green', word: 'Connected' },
  connecting: { color: 'gray', word: 'Connecting' },
  retrying: { color: 'orange', word: 'Retrying' },
  error: { color: 'red', word: 'Error' },
  disabled: { color: 'gray', word: 'Disabled' },
};

export function OutputStatusBadge({ status }: { status: OutputStatus }) {
  const look = STATE_LOOK[status.state];
  const badge = (
    <Badge
      color={look.color}
      variant={status.state === 'disabled' ? 'outline' : 'light'}
      data-testid="output-state"
      data-state={status.state}
    >
      {look.word}
    </Badge>
  );
  return status.message ? (
    <Tooltip label={status.message} multiline maw={320} withArrow>
      {badge}
    </Tooltip>
  ) : (
    badge
  );
}

/** The reason under the badge (the device's or the network's words) and when it last answered. */
export function OutputStatusMessage({ status }: { status: OutputStatus }) {
  const lastOk =
    status.state !== 'connected' && status.lastOkAt ? ` Last OK ${relativeTime(status.lastOkAt, new Date())}.` : '';
  // Issue 38: how long it has been failing (Error comes after a few seconds or a few sends).
  const since = status.failingSince
    ? ` Failing since ${new Date(status.failingSince).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', second: '2-digit' })}.`
    : '';
  if (!status.message && !lastOk && !since) return null;
  return (
    <Text
      size="xs"
      c={status.state === 'error' ? 'red.4' : status.message ? 'orange.4' : 'dimmed'}
      dir="auto"
      style={{ overflowWrap: 'anywhere' }}
      data-testid="output-message"
    >
      {status.message}
      {since}
      {lastOk}
    </Text>
  );
}
