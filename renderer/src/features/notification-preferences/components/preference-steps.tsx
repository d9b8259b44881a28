import { Checkbox, Group, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { NOTIFICATION_PREFERENCE_LIMITS as LIMITS } from '@shared/constants';
import { timeZoneLabel } from '@shared/time-zones';
import { weekendText } from '@shared/weekend-days';
import { useStationTimeZone } from '@/lib/api/settings/get-station-time-zone';
import type { PreferencesWizard } from '../hooks/use-preferences-wizard';
import { ChannelPicker, MinutesInput, PreferenceGroup } from './preference-fields';
import { TimeZoneSelect } from '@/components/time-zone-select';

type StepProps = { wizard: PreferencesWizard };

const NEWS_PRIORITY_OPTIONS = [
  { value: 'all', label: 'All news' },
  { value: 'breaking', label: 'Breaking and urgent' },
  { value: 'urgent', label: 'Urgent only' },
];

/** Step 1 — News Notifications. */
export function NewsStep({ wizard: { draft, set } }: StepProps) {
  const g = draft.breakingNews;
  return (
    <PreferenceGroup
      title="Breaking news"
      description="New articles of the chosen priority, the moment they are filed"
      enabled={g.enabled}
      onToggle={(enabled) => set('breakingNews', { enabled })}
      testId="pref-breaking-news"
    >
      <Select
        label="Notify me about"
        data={NEWS_PRIORITY_OPTIONS}
        value={g.priority}
        allowDeselect={false}
        maw={260}
        onChange={(v) => v && set('breakingNews', { priority: v as typeof g.priority })}
      />
      <ChannelPicker value={g.channels} onChange={(channels) => set('breakingNews', { channels })} />
    </PreferenceGroup>
  );
}

/** Step 2 — Equipment Alerts. */
export function EquipmentStep({ wizard: { draft, set, errors, hidden } }: StepProps) {
  const overdue = draft.equipmentOverdue;
  const approval = draft.equipmentApproval;
  const reminders = draft.equipmentReminders;
  const range = LIMITS.reminderMinutes;
  return (
    <Stack gap="md">
      <PreferenceGroup
        title="Overdue equipment"
        description="Loans past their return date"
        enabled={overdue.enabled}
        onToggle={(enabled) => set('equipmentOverdue', { enabled })}
        testId="pref-equipment-overdue"
      >
        <MinutesInput
          label="Remind me every"
          description={`${LIMITS.reminderInterval.min} to ${LIMITS.reminderInterval.max} minutes`}
          value={overdue.reminderInterval}
          min={LIMITS.reminderInterval.min}
          max={LIMITS.reminderInterval.max}
          error={errors['equipmentOverdue.reminderInterval']}
          onChange={(reminderInterval) => set('equipmentOverdue', { reminderInterval })}
        />
        <ChannelPicker value={overdue.channels} onChange={(channels) => set('equipmentOverdue', { channels })} />
      </PreferenceGroup>
      {hidden.includes('equipmentApproval') ? (
        <Text size="sm" c="dimmed" data-testid="pref-equipment-approval-unavailable">
          Approval alerts go to owners and admins, who approve requests and returns.
        </Text>
      ) : (
        <PreferenceGroup
          title="Approvals"
          description="Requests and returns waiting for an owner or admin"
          enabled={approval.enabled}
          onToggle={(enabled) => set('equipmentApproval', { enabled })}
          testId="pref-equipment-approval"
        >
          <Group gap="lg">
            <Checkbox
              label="New requests"
              checked={approval.includeRequests}
              onChange={(e) => set('equipmentApproval', { includeRequests: e.currentTarget.checked })}
            />
            <Checkbox
              label="Returns"
              checked={approval.includeReturns}
              onChange={(e) => set('equipmentApproval', { includeReturns: e.currentTarget.checked })}
            />
          </Group>
          <ChannelPicker value={approval.channels} onChange={(channels) => set('equipmentApproval', { channels })} />
        </PreferenceGroup>
      )}
      <PreferenceGroup
        title="Return reminders"
        description="Before and after your own loans are due"
        enabled={reminders.enabled}
        onToggle={(enabled) => set('equipmentReminders', { enabled })}
        testId="pref-equipment-reminders"
      >
        <Group gap="md" align="flex-start">
          <MinutesInput
            label="Before due"
            value={reminders.beforeDue}
            min={range.min}
            max={range.max}
            error={errors['equipmentReminders.beforeDue']}
            onChange={(beforeDue) => set('equipmentReminders', { beforeDue })}
          />
          <MinutesInput
            label="After due"
            value={reminders.afterDue}
            min={range.min}
            max={range.max}
            error={errors['equipmentReminders.afterDue']}
            onChange={(afterDue) => set('equipmentReminders', { afterDue })}
          />
        </Group>
        <ChannelPicker value={reminders.channels} onChange={(channels) => set('equipmentReminders', { channels })} />
      </PreferenceGroup>
    </Stack>
  );
}

/** Step 3 — System Notifications. */
export function SystemStep({ wizard: { draft, set, errors } }: StepProps) {
  const stock = draft.lowStockAlerts;
  const bulletins = draft.bulletinUpdates;
  return (
    <Stack gap="md">
      <PreferenceGroup
        title="Low stock"
        description="When an item's available units fall to the threshold"
        enabled={stock.enabled}
        onToggle={(enabled) => set('lowStockAlerts', { enabled })}
        testId="pref-low-stock"
      >
        <MinutesInput
          label="Threshold"
          suffix=" units"
          description={`${LIMITS.lowStockThreshold.min} to ${LIMITS.lowStockThreshold.max}`}
          value={stock.threshold}
          min={LIMITS.lowStockThreshold.min}
          max={LIMITS.lowStockThreshold.max}
          error={errors['lowStockAlerts.threshold']}
          onChange={(threshold) => set('lowStockAlerts', { threshold })}
        />
        <ChannelPicker value={stock.channels} onChange={(channels) => set('lowStockAlerts', { channels })} />
      </PreferenceGroup>
      <PreferenceGroup
        title="Bulletin updates"
        description="Bulletins created or published"
        enabled={bulletins.enabled}
        onToggle={(enabled) => set('bulletinUpdates', { enabled })}
        testId="pref-bulletin-updates"
      >
        <Group gap="lg">
          <Checkbox
            label="Created"
            checked={bulletins.includeCreated}
            onChange={(e) => set('bulletinUpdates', { includeCreated: e.currentTarget.checked })}
          />
          <Checkbox
            label="Published"
            checked={bulletins.includePublished}
            onChange={(e) => set('bulletinUpdates', { includePublished: e.currentTarget.checked })}
          />
        </Group>
        <ChannelPicker value={bulletins.channels} onChange={(channels) => set('bulletinUpdates', { channels })} />
      </PreferenceGroup>
    </Stack>
  );
}

/** Step 4 — Schedule Preferences. */
export function ScheduleStep({ wizard: { draft, set, errors } }: StepProps) {
  const quiet = draft.quietHours;
  const weekend = draft.weekendMode;
  const stationZone = useStationTimeZone().data;
  const station = stationZone?.timeZone;
  // The station's weekend (issue 39), not a fixed Saturday–Sunday.
  const weekendDays = stationZone ? weekendText(stationZone.weekendDays) : 'The station’s weekend days';
  return (
    <Stack gap="md">
      <PreferenceGroup
        title="Quiet hours"
        description="Telegram messages wait until the morning; urgent news and emergencies still come through"
        enabled={quiet.enabled}
        onToggle={(enabled) => set('quietHours', { enabled })}
        testId="pref-quiet-hours"
      >
        <Group gap="md" align="flex-start">
          <TextInput
            type="time"
            label="From"
            value={quiet.startTime}
            w={140}
            error={errors['quietHours.startTime']}
            onChange={(e) => set('quietHours', { startTime: e.currentTarget.value })}
          />
          <TextInput
            type="time"
            label="Until"
            value={quiet.endTime}
            w={140}
            error={errors['quietHours.endTime']}
            onChange={(e) => set('quietHours', { endTime: e.currentTarget.value })}
          />
          <TimeZoneSelect
            label="Time zone"
            value={quiet.timezone}
            first={station ? [station] : []}
            description={station ? `Station: ${timeZoneLabel(station)}` : undefined}
            error={errors['quietHours.timezone']}
            onChange={(timezone) => set('quietHours', { timezone })}
          />
        </Group>
      </PreferenceGroup>
      <PreferenceGroup
        title="Weekend mode"
        description={`${weekendDays} in your time zone (set by the station in Settings)`}
        enabled={weekend.enabled}
        onToggle={(enabled) => set('weekendMode', { enabled })}
        testId="pref-weekend-mode"
      >
        <Switch
          label="Reduced notifications (only breaking and overdue)"
          checked={weekend.reducedNotifications}
          onChange={(e) => set('weekendMode', { reducedNotifications: e.currentTarget.checked })}
        />
        <Switch
          label="Emergencies only (urgent news)"
          checked={weekend.emergencyOnly}
          onChange={(e) => set('weekendMode', { emergencyOnly: e.currentTarget.checked })}
        />
        <Text size="xs" c="dimmed">
          Messages skipped at the weekend are not sent later; the bell still lists what is open.
        </Text>
      </PreferenceGroup>
    </Stack>
  );
}
