import { Alert, Button, Group, PasswordInput, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import type { User } from '@shared/contracts/users';
import { errorMessage } from '@/lib/api-client';
import { ConflictNotice, useVersionConflict } from '@/lib/conflict-notice';
import { GuardedModal, useModalDirty } from '@/lib/unsaved-guard';
import { formChanged } from '@/lib/unsaved-registry';
import { useCurrentUser } from '@/lib/session-store';
import { useCreateUser } from '../api/create-user';
import { useUpdateUser } from '../api/update-user';
import { assignableRoles } from '../user-permissions';
import {
  emptyForm,
  formFromUser,
  toCreateInput,
  toUpdateChanges,
  type FieldErrors,
  type UserFormValues,
} from './user-form-values';
import { showToast } from '@/lib/toast';

interface UserFormDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The user being edited; absent for Add User. */
  user?: User | null;
}

/** Add User and Edit User (docs/product.md §Screens and routes Users): one form, two modes. */
export function UserFormDialog({ opened, onClose, user }: UserFormDialogProps) {
  const fullScreen = useMediaQuery('(max-width: 36em)');
  return (
    <GuardedModal
      opened={opened}
      onClose={onClose}
      title={user ? 'Edit User' : 'Add User'}
      size="lg"
      fullScreen={fullScreen}
    >
      {/* Keyed so each opening starts from the user's current values, not the last draft. */}
      {opened && <UserForm key={user?.id ?? 'new'} user={user ?? null} onDone={onClose} />}
    </GuardedModal>
  );
}

function UserForm({ user, onDone }: { user: User | null; onDone: () => void }) {
  const actor = useCurrentUser();
  const [initial, setInitial] = useState<UserFormValues>(() => (user ? formFromUser(user) : emptyForm()));
  const [values, setValues] = useState<UserFormValues>(initial);
  const { requestClose } = useModalDirty(formChanged(initial, values));
  const [errors, setErrors] = useState<FieldErrors>({});
  const createMutation = useCreateUser();
  const updateMutation = useUpdateUser();
  const mutation = user ? updateMutation : createMutation;
  const set = (field: keyof UserFormValues) => (value: string) => setValues((v) => ({ ...v, [field]: value }));
  const stale = useVersionConflict<User>(user?.version);
  // The user as the form last loaded them: what the changes are measured against.
  const [base, setBase] = useState(user);

  const submit = (version = stale.version) => {
    const done = (text: string) => () => {
      showToast('Success', text, 'green');
      onDone();
    };
    if (user) {
      const parsed = toUpdateChanges(base ?? user, values);
      setErrors(parsed.errors);
      // The version it started from (issue 26); a conflict shows its own notice, not the failure line.
      if (parsed.ok)
        updateMutation.mutate(
          { id: user.id, changes: { ...parsed.body, version } },
          { onSuccess: done('User updated successfully'), onError: stale.onError(() => {}) },
        );
      return;
    }
    const parsed = toCreateInput(values);
    setErrors(parsed.errors);
    if (parsed.ok) createMutation.mutate(parsed.body, { onSuccess: done('User created successfully') });
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit();
  };
  const loadTheirs = () => {
    const theirs = stale.resolve();
    if (!theirs) return;
    setBase(theirs);
    setInitial(formFromUser(theirs));
    setValues(formFromUser(theirs));
  };
  const overwrite = () => {
    const theirs = stale.resolve();
    if (theirs) submit(theirs.version);
  };

  const failure =
    !stale.conflict &&
    mutation.error &&
    `${user ? 'Failed to update user' : 'Failed to create user'}: ${errorMessage(mutation.error)}`;
  const roles = assignableRoles(actor, user?.role).map((role) => ({ value: role, label: role }));

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        {stale.conflict && (
          <ConflictNotice
            conflict={stale.conflict}
            record="user"
            pending={mutation.isPending}
            onLoadTheirs={loadTheirs}
            onOverwrite={overwrite}
          />
        )}
        {failure && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
            {failure}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label="Username"
            required
            autoComplete="off"
            value={values.username}
            onChange={(e) => set('username')(e.currentTarget.value)}
            error={errors.username}
          />
          <PasswordInput
            label="Password"
            required={!user}
            autoComplete="new-password"
            placeholder={user ? 'Leave blank to keep' : undefined}
            value={values.password}
            onChange={(e) => set('password')(e.currentTarget.value)}
            error={errors.password}
          />
          <TextInput
            label="Full Name"
            required
            value={values.fullName}
            onChange={(e) => set('fullName')(e.currentTarget.value)}
            error={errors.fullName}
          />
          <TextInput
            label="Email"
            type="email"
            value={values.email}
            onChange={(e) => set('email')(e.currentTarget.value)}
            error={errors.email}
          />
          <Select
            label="Role"
            data={roles}
            value={values.role}
            onChange={(v) => v && set('role')(v)}
            allowDeselect={false}
            error={errors.role}
          />
          <TextInput
            label="Telegram ID"
            inputMode="numeric"
            placeholder="e.g. 123456789"
            value={values.telegramId}
            onChange={(e) => set('telegramId')(e.currentTarget.value)}
            error={errors.telegramId}
          />
        </SimpleGrid>
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={requestClose}>
            Cancel
          </Button>
          <Button type="submit" loading={mutation.isPending}>
            {user ? 'Save Changes' : 'Create User'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
