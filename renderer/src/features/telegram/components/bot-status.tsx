import { Badge, Group, Paper, Text } from '@mantine/core';
import { useTelegramStatus } from '../api/telegram';

/** Connected (bot name and @username), Disconnected, or Checking… (spec 001 §2). */
export function BotStatus() {
  const status = useTelegramStatus();
  const s = status.data;
  return (
    <Paper withBorder p="md" radius="md" data-testid="bot-status">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <div>
          <Text fw={600}>Bot status</Text>
          <Text size="sm" c="dimmed">
            {s?.connected && s.botInfo
              ? `${s.botInfo.first_name} · @${s.botInfo.username}`
              : s
                ? (s.error ?? 'No bot token, or the bot cannot reach Telegram. Owners and admins set the token in Settings.')
                : 'Checking the bot…'}
          </Text>
        </div>
        {!s ? (
          <Badge color="gray" variant="light">
            Checking
          </Badge>
        ) : s.connected ? (
          <Badge color="green">Connected</Badge>
        ) : (
          <Badge color="red">Disconnected</Badge>
        )}
      </Group>
    </Paper>
  );
}
