import { Anchor, Button, Group, NumberInput, SimpleGrid, Switch } from '@mantine/core';
import { Link } from 'react-router';
import { TELEGRAM_REMINDER_INTERVAL } from '@shared/constants';
import type { TelegramGroups } from '@shared/contracts/settings';
import { reminderProblem, type TelegramGroupsForm } from '../hooks/use-telegram-groups-form';
import { SettingsSection } from '@/components/settings-section';

type Toggle = Extract<keyof TelegramGroups, `enable${string}`>;

const TOGGLES: ReadonlyArray<{ field: Toggle; label: string }> = [
  { field: 'enableGroupNotifications', label: 'Group notifications' },
  { field: 'enableEquipmentReminders', label: 'Equipment reminders' },
  { field: 'enableBreakingNewsAlerts', label: 'Breaking news alerts' },
  { field: 'enableOverdueAlerts', label: 'Overdue alerts' },
];

/** The company's notification switches (saved with the group settings) and a link to personal ones. */
export function NotificationSettingsCard({ form }: { form: TelegramGroupsForm }) {
  const { values } = form;
  const problem = reminderProblem(values.reminderInterval);
  const link = (
    <Anchor component={Link} to="/notification-preferences" size="sm">
      Personal notification preferences
    </Anchor>
  );
  return (
    <SettingsSection
      title="Notification Settings"
      description="What the bot sends to the station's groups"
      actions={link}
      testId="settings-notifications"
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {TOGGLES.map(({ field, label }) => (
          <Switch
            key={field}
            label={label}
            checked={values[field]}
            onChange={(e) => form.set(field, e.currentTarget.checked)}
          />
        ))}
      </SimpleGrid>
      <NumberInput
        label="Reminder interval (minutes)"
        description={`Between ${TELEGRAM_REMINDER_INTERVAL.min} and ${TELEGRAM_REMINDER_INTERVAL.max}; default ${TELEGRAM_REMINDER_INTERVAL.default}`}
        min={TELEGRAM_REMINDER_INTERVAL.min}
        max={TELEGRAM_REMINDER_INTERVAL.max}
        step={30}
        allowDecimal={false}
        clampBehavior="none"
        value={Number.isNaN(values.reminderInterval) ? '' : values.reminderInterval}
        onChange={(v) => form.set('reminderInterval', typeof v === 'number' ? v : Number.NaN)}
        error={problem}
        maw={260}
      />
      <Group>
        <Button onClick={form.save} loading={form.saving} disabled={!form.dirty || problem !== null}>
          Save Notification Settings
        </Button>
      </Group>
    </SettingsSection>
  );
}
