import { Code, List, Paper, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBrandTelegram } from '@tabler/icons-react';

/** How a user gets a chat-bot id onto their account (docs/product.md §Screens and routes Users, §6: unregistered users receive their id). */
export function TelegramLinkGuide() {
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} size="h5" mb="xs" style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
        <ThemeIcon size="sm" variant="light" color="cyan">
          <IconBrandTelegram size={14} />
        </ThemeIcon>
        Linking a user to the Telegram bot
      </Title>
      <Text size="sm" c="dimmed" mb="xs">
        The bot only answers users whose Telegram ID is saved on their account.
      </Text>
      <List type="ordered" size="sm" spacing={4}>
        <List.Item>
          The user opens the station&apos;s bot in Telegram and sends <Code>/start</Code>.
        </List.Item>
        <List.Item>
          Because the account is not linked yet, the bot replies with the user&apos;s Telegram ID (a number).
        </List.Item>
        <List.Item>
          An admin or owner opens <b>Edit User</b> here and pastes that number into <b>Telegram ID</b>, then saves.
        </List.Item>
        <List.Item>
          The user sends <Code>/start</Code> again; the bot now greets them by name and offers the commands of their
          role.
        </List.Item>
      </List>
    </Paper>
  );
}
