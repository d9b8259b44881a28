import { Checkbox, Group, NumberInput, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { NOTIFICATION_CHANNELS, type NotificationChannelName } from '@shared/contracts/notification-preferences';

const CHANNEL_LABELS: Record<NotificationChannelName, string> = {
  telegram: 'Telegram',
  websocket: 'In app (bell and live toasts)',
};

/** One preference group: a titled card whose switch turns the group on; its fields show only when on. */
export function PreferenceGroup(props: {
  title: string;
  description: string;
  enabled: boolean;
  onToggle: (on: boolean) => void;
  children?: ReactNode;
  testId: string;
}) {
  return (
    <Paper withBorder p="md" radius="md" data-testid={props.testId}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Title order={2} size="h5">
            {props.title}
          </Title>
          <Text size="sm" c="dimmed">
            {props.description}
          </Text>
        </div>
        <Switch
          checked={props.enabled}
          onChange={(e) => props.onToggle(e.currentTarget.checked)}
          aria-label={`${props.title} enabled`}
          size="md"
        />
      </Group>
      {props.enabled && props.children && (
        <Stack gap="sm" mt="md">
          {props.children}
        </Stack>
      )}
    </Paper>
  );
}

export function ChannelPicker({
  value,
  onChange,
  label = 'Deliver by',
}: {
  value: NotificationChannelName[];
  onChange: (v: NotificationChannelName[]) => void;
  label?: string;
}) {
  return (
    <Checkbox.Group label={label} value={value} onChange={(v) => onChange(v)}>
      <Group gap="lg" mt={6}>
        {NOTIFICATION_CHANNELS.map((c) => (
          <Checkbox key={c} value={c} label={CHANNEL_LABELS[c]} />
        ))}
      </Group>
    </Checkbox.Group>
  );
}

export function channelsText(channels: readonly NotificationChannelName[]): string {
  return channels.length ? channels.map((c) => CHANNEL_LABELS[c]).join(', ') : 'nowhere (no channel chosen)';
}

/** A whole-number field; the contract's message shows under it while the value is out of range. */
export function MinutesInput(props: {
  label: string;
  value: number;
  min: number;
  max: number;
  onChange: (n: number) => void;
  error?: string | undefined;
  suffix?: string;
  description?: string;
}) {
  return (
    <NumberInput
      label={props.label}
      description={props.description}
      value={props.value}
      min={props.min}
      max={props.max}
      allowDecimal={false}
      allowNegative={false}
      clampBehavior="none"
      suffix={props.suffix ?? ' min'}
      maw={260}
      error={props.error}
      onChange={(v) => props.onChange(typeof v === 'number' ? v : Number.NaN)}
    />
  );
}
