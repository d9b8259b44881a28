import { Badge, Button, Group, PasswordInput, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useState, type FormEvent } from 'react';
import type { Settings } from '@shared/contracts/settings';
import { errorMessage } from '@/lib/api-client';
import { showToast } from '@/lib/toast';
import { useUnsavedGuard } from '@/lib/unsaved-guard';
import { useVersionedSettingsSave } from '../hooks/use-versioned-settings-save';
import { SettingsSection } from '@/components/settings-section';

const SAVED = 'Telegram settings updated successfully';
const FAILED = 'Failed to update Telegram settings';

/**
 * Telegram Bot (the chat-bot token). The server never returns the token, only whether one is set,
 * so the field is write-only: typing a new token replaces it, Clear removes it.
 */
export function TelegramBotCard({ settings }: { settings: Settings }) {
  const [token, setToken] = useState('');
  const save = useVersionedSettingsSave(settings.version, () => setToken(''));
  useUnsavedGuard(token.trim() !== '');

  const send = (telegramBotToken: string | null) =>
    save.mutate(
      { telegramBotToken },
      {
        onSuccess: () => {
          setToken('');
          showToast('Success', SAVED, 'green');
        },
        onError: (error) => showToast(FAILED, errorMessage(error), 'red'),
      },
    );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (token.trim()) send(token.trim());
  };

  const confirmClear = () =>
    modals.openConfirmModal({
      title: 'Clear the bot token?',
      children: (
        <Text size="sm">The chat bot stops answering and group notifications stop until a new token is saved.</Text>
      ),
      labels: { confirm: 'Clear token', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => send(null),
    });

  const status = (
    <Badge color={settings.telegramBotTokenSet ? 'green' : 'gray'} variant="light" data-testid="bot-token-status">
      {settings.telegramBotTokenSet ? 'Set' : 'Not set'}
    </Badge>
  );

  return (
    <SettingsSection
      title="Telegram Bot"
      description="The token BotFather gave your station's chat bot"
      actions={status}
      testId="settings-bot"
    >
      {save.notice}
      <form onSubmit={submit} noValidate>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <PasswordInput
            label="Bot token"
            placeholder={settings.telegramBotTokenSet ? 'Saved — type a new token to replace it' : '123456789:ABC…'}
            autoComplete="off"
            value={token}
            onChange={(e) => setToken(e.currentTarget.value)}
            style={{ flex: '1 1 18rem' }}
          />
          <Group gap="xs">
            <Button type="submit" loading={save.isPending} disabled={!token.trim()}>
              Save
            </Button>
            {settings.telegramBotTokenSet && (
              <Button variant="default" color="red" onClick={confirmClear} disabled={save.isPending}>
                Clear
              </Button>
            )}
          </Group>
        </Group>
      </form>
    </SettingsSection>
  );
}
