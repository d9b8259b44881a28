import { Badge, Code, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { BOT_COMMANDS, type BotCommand } from '@shared/telegram-commands';

const CATEGORIES: BotCommand['category'][] = ['General', 'Equipment', 'Approvals', 'Content'];
const who = (c: BotCommand) =>
  c.roles ? c.roles.map((r) => r[0]?.toUpperCase() + r.slice(1)).join(', ') : 'All users';

/** The bot's commands by category, from the same table the bot enforces. */
export function CommandList() {
  return (
    <Paper withBorder p="md" radius="md" data-testid="bot-commands">
      <Title order={2} size="h5" mb="sm">
        Bot commands
      </Title>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {CATEGORIES.map((category) => (
          <Stack key={category} gap={6}>
            <Text fw={600} size="sm">
              {category}
            </Text>
            {BOT_COMMANDS.filter((c) => c.category === category).map((c) => (
              <div key={c.command}>
                <Code style={{ whiteSpace: 'normal', overflowWrap: 'anywhere' }}>{c.usage}</Code>
                <Text size="xs" c="dimmed">
                  {c.description} ·{' '}
                  <Badge size="xs" variant="light">
                    {who(c)}
                  </Badge>
                </Text>
              </div>
            ))}
          </Stack>
        ))}
      </SimpleGrid>
    </Paper>
  );
}

/** Quick tips (docs/product.md §Screens and routes: returns need an admin's approval). */
export function BotTips() {
  return (
    <Paper withBorder p="md" radius="md" data-testid="bot-tips">
      <Title order={2} size="h5" mb="sm">
        Quick tips
      </Title>
      <List size="sm" spacing={4}>
        <List.Item>
          Send /start to the bot to get your Telegram ID; an admin enters it on your user (Users page) to link you.
        </List.Item>
        <List.Item>Equipment returns need admin approval before the equipment becomes available again.</List.Item>
        <List.Item>
          Separate fields with | in /addnews and /addequipment, e.g. /addnews Title | Story text | breaking.
        </List.Item>
        <List.Item>Negative chat IDs are groups or channels; positive ones are people.</List.Item>
        <List.Item>/changepassword deletes your message so the password does not stay in the chat.</List.Item>
      </List>
    </Paper>
  );
}
