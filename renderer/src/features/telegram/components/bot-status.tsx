import { Anchor, Badge, Group, Paper, Text } from '@mantine/core';
import { Link } from 'react-router';
import { can } from '@shared/roles';
import { useCurrentUser } from '@/lib/session-store';
import { useTelegramStatus } from '../api/telegram';

/** Where the token is set: a link for those who may open Settings, who to ask for the others (issue 22). */
function TokenHint() {
  const user = useCurrentUser();
  if (can(user, 'settings.manage')) {
    return (
      <Text size="sm" c="dimmed">
        Set the bot token in {/* Underlined: a link inside a sentence must not rely on colour alone (WCAG 1.4.1). */}
        <Anchor component={Link} to="/settings" size="sm" underline="always" data-testid="bot-settings-link">
          Settings
        </Anchor>
        .
      </Text>
    );
  }
  return (
    <Text size="sm" c="dimmed">
      Owners and admins set the bot token in Settings — ask one of them.
    </Text>
  );
}

/** Connected (bot name and @username), Disconnected, or Checking… (docs/product.md §Screens and routes). */
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
                ? (s.error ?? 'No bot token, or the bot cannot reach Telegram.')
                : 'Checking the bot…'}
          </Text>
          {s && !s.connected && <TokenHint />}
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
