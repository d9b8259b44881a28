import { useState } from 'react';
import { TELEGRAM_REMINDER_INTERVAL } from '@shared/constants';
import type { TelegramGroups } from '@shared/contracts/settings';
import { errorMessage } from '@/lib/api-client';
import { showToast } from '@/lib/toast';
import { useUnsavedGuard } from '@/lib/unsaved-guard';
import { useUpdateTelegramSettings } from '../api/update-telegram-settings';

export type GroupsDraft = Partial<TelegramGroups>;

export const REMINDER_RANGE_TEXT = `Reminder interval must be between ${TELEGRAM_REMINDER_INTERVAL.min} and ${TELEGRAM_REMINDER_INTERVAL.max} minutes`;

/** The fields that differ from what the server holds: PUT /api/company/telegram-settings is partial. */
export function changedGroups(saved: TelegramGroups, draft: GroupsDraft): GroupsDraft {
  const changes: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(draft)) {
    if (value !== saved[key as keyof TelegramGroups]) changes[key] = value;
  }
  return changes;
}

export function reminderProblem(minutes: number): string | null {
  const ok =
    Number.isInteger(minutes) && minutes >= TELEGRAM_REMINDER_INTERVAL.min && minutes <= TELEGRAM_REMINDER_INTERVAL.max;
  return ok ? null : REMINDER_RANGE_TEXT;
}

/**
 * One draft for the Group Settings and Notification Settings cards, which the server keeps as one
 * object: either card's Save sends every changed field. Only edited fields are held, so a live
 * change by another admin shows in the fields nobody here touched.
 */
export function useTelegramGroupsForm(saved: TelegramGroups) {
  const [draft, setDraft] = useState<GroupsDraft>({});
  const values: TelegramGroups = { ...saved, ...draft };
  const changes = changedGroups(saved, draft);
  const dirty = Object.keys(changes).length > 0;
  useUnsavedGuard(dirty);
  const mutation = useUpdateTelegramSettings();

  const set = <K extends keyof TelegramGroups>(field: K, value: TelegramGroups[K]) =>
    setDraft((d) => ({ ...d, [field]: value }));

  const save = () => {
    if (!dirty || reminderProblem(values.reminderInterval)) return;
    mutation.mutate(changes, {
      onSuccess: () => {
        setDraft({});
        showToast('Success', 'Telegram settings updated successfully', 'green');
      },
      onError: (error) => showToast('Error', `Failed to update Telegram settings: ${errorMessage(error)}`, 'red'),
    });
  };

  return { values, set, dirty, save, saving: mutation.isPending };
}

export type TelegramGroupsForm = ReturnType<typeof useTelegramGroupsForm>;
