import { useMemo, useState } from 'react';
import {
  notificationPreferencesSchema,
  unavailableGroups,
  type NotificationPreferenceGroup,
  type NotificationPreferences,
  type UpdateNotificationPreferences,
} from '@shared/contracts/notification-preferences';
import type { Role } from '@shared/roles';
import { NOTIFICATION_WIZARD_STEPS } from '@shared/constants';

/** Which groups each step edits (step 5 reviews them all). */
export const STEP_GROUPS: readonly (readonly NotificationPreferenceGroup[])[] = [
  ['breakingNews'],
  ['equipmentOverdue', 'equipmentApproval', 'equipmentReminders'],
  ['lowStockAlerts', 'bulletinUpdates'],
  ['quietHours', 'weekendMode'],
  [],
];
export const STEP_COUNT = NOTIFICATION_WIZARD_STEPS.length;

export type FieldErrors = Partial<Record<string, string>>;

/** Field errors of the shared contract, keyed "group.field" — the same rules the server applies. */
export function fieldErrors(draft: NotificationPreferences): FieldErrors {
  const result = notificationPreferencesSchema.safeParse(draft);
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) errors[issue.path.slice(0, 2).join('.')] ??= issue.message;
  return errors;
}

export function stepHasErrors(step: number, errors: FieldErrors): boolean {
  const groups = step === STEP_COUNT - 1 ? STEP_GROUPS.flat() : (STEP_GROUPS[step] ?? []);
  return Object.keys(errors).some((key) => groups.some((g) => key.startsWith(`${g}.`)));
}

/** What Save sends: every group the user's role can receive (the server refuses the others). */
export function saveBody(
  draft: NotificationPreferences,
  hidden: readonly NotificationPreferenceGroup[],
): UpdateNotificationPreferences {
  const body: UpdateNotificationPreferences = { ...draft };
  for (const group of hidden) delete body[group];
  return body;
}

/**
 * The wizard's draft and step; Next is refused while the step's fields break the contract.
 * `hidden`: groups the user's role never receives (approvals for all but owner/admin).
 */
export function usePreferencesWizard(saved: NotificationPreferences, role: Role) {
  const hidden = useMemo(() => unavailableGroups(role), [role]);
  const [draft, setDraft] = useState(saved);
  const [step, setStep] = useState(0);
  const errors = useMemo(() => fieldErrors(draft), [draft]);
  const dirty = useMemo(() => JSON.stringify(draft) !== JSON.stringify(saved), [draft, saved]);
  const set = <G extends NotificationPreferenceGroup>(group: G, patch: Partial<NotificationPreferences[G]>) =>
    setDraft((d) => ({ ...d, [group]: { ...d[group], ...patch } }));
  const next = () => {
    if (stepHasErrors(step, errors)) return;
    setStep((s) => Math.min(s + 1, STEP_COUNT - 1));
  };
  const previous = () => setStep((s) => Math.max(s - 1, 0));
  return {
    draft,
    set,
    step,
    setStep,
    next,
    previous,
    errors,
    dirty,
    reset: setDraft,
    hidden,
    body: () => saveBody(draft, hidden),
  };
}

export type PreferencesWizard = ReturnType<typeof usePreferencesWizard>;
