import {
  ActionIcon,
  Button,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Textarea,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconSend, IconTrash } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { toastFailure, toastSuccess } from '@/lib/toast';
import { useSendTestMessage } from '../api/telegram';
import { addChat, chatIdProblem, loadChats, removeChat, storeChats, type SavedChat } from '../saved-chats';

/** Saved chat IDs (Use / remove) and the test message form (owner/admin, docs/product.md §Screens and routes). */
export function TestMessageCard({ companyId }: { companyId: number }) {
  const [chats, setChats] = useState<SavedChat[]>(() => loadChats(companyId));
  const [newChat, setNewChat] = useState({ chatId: '', name: '' });
  const [chatError, setChatError] = useState<string | undefined>();
  const [target, setTarget] = useState('');
  const [message, setMessage] = useState('Test message from CG Bridge');
  const [formError, setFormError] = useState<string | undefined>();
  const send = useSendTestMessage();

  const save = (list: SavedChat[]) => {
    setChats(list);
    storeChats(companyId, list);
  };
  const onAdd = () => {
    const result = addChat(chats, newChat);
    if ('error' in result) return setChatError(result.error);
    setChatError(undefined);
    setNewChat({ chatId: '', name: '' });
    save(result.list);
  };
  const onSend = (e: FormEvent) => {
    e.preventDefault();
    const problem = chatIdProblem(target) ?? (message.trim() ? null : 'Message is required');
    setFormError(problem ?? undefined);
    if (problem) return;
    send.mutate(
      { chatId: target.trim(), message },
      {
        onSuccess: () => toastSuccess(`Sent to ${target.trim()}`, 'Test Message Sent'),
        onError: (err) => toastFailure('Error sending test message', err),
      },
    );
  };

  return (
    <Paper withBorder p="md" radius="md" data-testid="test-message-card">
      <Title order={2} size="h5" mb="sm">
        Saved chat IDs and test message
      </Title>
      <Table withRowBorders={false} data-testid="saved-chats">
        <Table.Tbody>
          {chats.map((c) => (
            <Table.Tr key={c.chatId}>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {c.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {c.chatId}
                </Text>
              </Table.Td>
              <Table.Td w={110}>
                <Group gap={4} justify="flex-end" wrap="nowrap">
                  <Button size="compact-xs" variant="light" onClick={() => setTarget(c.chatId)}>
                    Use
                  </Button>
                  <Tooltip label="Remove">
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Remove ${c.name}`}
                      onClick={() => save(removeChat(chats, c.chatId))}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Group align="flex-start" gap="xs" mt="xs" wrap="wrap">
        <TextInput
          placeholder="Chat ID"
          aria-label="New chat ID"
          value={newChat.chatId}
          error={chatError}
          w={170}
          onChange={(e) => setNewChat({ ...newChat, chatId: e.currentTarget.value })}
        />
        <TextInput
          placeholder="Name"
          aria-label="New chat name"
          value={newChat.name}
          w={170}
          onChange={(e) => setNewChat({ ...newChat, name: e.currentTarget.value })}
        />
        <Button variant="default" onClick={onAdd}>
          Save chat
        </Button>
      </Group>
      <form onSubmit={onSend} noValidate>
        <Stack gap="xs" mt="md">
          <TextInput
            label="Chat ID"
            value={target}
            onChange={(e) => setTarget(e.currentTarget.value)}
            description="Negative IDs are groups or channels"
          />
          <Textarea
            label="Message"
            autosize
            minRows={2}
            value={message}
            error={formError}
            onChange={(e) => setMessage(e.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button type="submit" leftSection={<IconSend size={16} />} loading={send.isPending}>
              Send Test Message
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
