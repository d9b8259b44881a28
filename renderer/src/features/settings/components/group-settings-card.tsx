import { Button, Group, SimpleGrid, Text, TextInput } from '@mantine/core';
import { IconSearch, IconSend } from '@tabler/icons-react';
import type { TelegramGroups } from '@shared/contracts/settings';
import type { GroupTopic } from '../api/find-group-topics';
import { useGroupTools } from '../hooks/use-group-tools';
import type { TelegramGroupsForm } from '../hooks/use-telegram-groups-form';
import { SettingsSection } from '@/components/settings-section';

type IdField = Extract<
  keyof TelegramGroups,
  | 'primaryGroupId'
  | 'equipmentRequestTopicId'
  | 'secondaryGroupId'
  | 'secondaryGroupTopicId'
  | 'breakingNewsTopicId'
  | 'generalNotificationTopicId'
>;

const FIELDS: ReadonlyArray<{ field: IdField; label: string; placeholder: string }> = [
  { field: 'primaryGroupId', label: 'Primary Group ID', placeholder: '-1001234567890' },
  { field: 'equipmentRequestTopicId', label: 'Equipment Request Topic ID', placeholder: 'e.g. 2' },
  { field: 'secondaryGroupId', label: 'Secondary Group ID', placeholder: '-1009876543210' },
  { field: 'secondaryGroupTopicId', label: 'Secondary Group Topic ID', placeholder: 'e.g. 5' },
  { field: 'breakingNewsTopicId', label: 'Breaking News Topic ID', placeholder: 'e.g. 3' },
  { field: 'generalNotificationTopicId', label: 'General Notification Topic ID', placeholder: 'e.g. 4' },
];

/** The topics saved for the group (the Bot API cannot list a forum's topics). */
function TopicList({ topics }: { topics: GroupTopic[] }) {
  if (topics.length === 0)
    return (
      <Text size="sm" c="dimmed" data-testid="group-topics">
        No topics saved for this group yet: enter the topic IDs and save.
      </Text>
    );
  return (
    <Text size="sm" data-testid="group-topics">
      Topics: {topics.map((t) => `${t.name} (${t.id})`).join(', ')}
    </Text>
  );
}

/** Group Settings: the bot's groups and forum topics for requests, breaking news and notices. */
export function GroupSettingsCard({ form }: { form: TelegramGroupsForm }) {
  const tools = useGroupTools(form);
  return (
    <SettingsSection
      title="Group Settings"
      description="Telegram groups and topics the bot posts to. Group ids start with a minus."
      testId="settings-groups"
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {FIELDS.map(({ field, label, placeholder }) => (
          <TextInput
            key={field}
            label={label}
            placeholder={placeholder}
            inputMode="numeric"
            value={form.values[field]}
            onChange={(e) => form.set(field, e.currentTarget.value)}
          />
        ))}
      </SimpleGrid>
      {tools.topics && <TopicList topics={tools.topics} />}
      <Group gap="xs">
        <Button onClick={form.save} loading={form.saving} disabled={!form.dirty}>
          Save Group Settings
        </Button>
        <Button
          variant="outline"
          leftSection={<IconSearch size={16} />}
          onClick={tools.findTopics}
          loading={tools.finding}
        >
          Find Topics
        </Button>
        <Button variant="outline" leftSection={<IconSend size={16} />} onClick={tools.sendTest} loading={tools.testing}>
          Send Test Notification
        </Button>
      </Group>
    </SettingsSection>
  );
}
