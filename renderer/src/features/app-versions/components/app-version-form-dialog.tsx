import { Button, Group, SimpleGrid, Stack, Switch, TextInput, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState, type FormEvent } from 'react';
import type { AppVersion } from '@shared/contracts/app-versions';
import { errorMessage } from '@/lib/api-client';
import { showToast } from '@/lib/toast';
import { GuardedModal, useModalDirty } from '@/lib/unsaved-guard';
import { isDev } from '@shared/roles';
import { useCurrentUser } from '@/lib/session-store';
import { formChanged } from '@/lib/unsaved-registry';
import { useCreateAppVersion } from '../api/create-app-version';
import { useUpdateAppVersion } from '../api/update-app-version';
import {
  emptyForm,
  formFromVersion,
  toSaveInput,
  withUploadedFile,
  type AppVersionFormValues,
  type FieldErrors,
} from './app-version-form-values';
import { CompanyFields } from './company-fields';
import { InstallerUploadField } from './installer-upload-field';

interface AppVersionFormDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The version being edited; absent to create one for the caller's company. */
  version?: AppVersion | null;
}

/** Create Version / Edit Version (docs/product.md §Screens and routes): one form, two modes. */
export function AppVersionFormDialog({ opened, onClose, version }: AppVersionFormDialogProps) {
  const fullScreen = useMediaQuery('(max-width: 36em)');
  return (
    <GuardedModal
      opened={opened}
      onClose={onClose}
      title={version ? 'Edit Version' : 'Create Version'}
      size="lg"
      fullScreen={fullScreen}
    >
      {/* Keyed so each opening starts from the version's current values, not the last draft. */}
      {opened && <AppVersionForm key={version?.id ?? 'new'} version={version ?? null} onDone={onClose} />}
    </GuardedModal>
  );
}

function AppVersionForm({ version, onDone }: { version: AppVersion | null; onDone: () => void }) {
  const actor = useCurrentUser();
  const [initial] = useState<AppVersionFormValues>(() => (version ? formFromVersion(version) : emptyForm()));
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [uploading, setUploading] = useState(false);
  const { requestClose } = useModalDirty(formChanged(initial, values));
  const create = useCreateAppVersion();
  const update = useUpdateAppVersion();
  const pending = create.isPending || update.isPending;
  const text = (field: keyof AppVersionFormValues) => ({
    value: values[field] as string,
    error: errors[field],
    onChange: (e: { currentTarget: { value: string } }) => {
      const value = e.currentTarget.value;
      setValues((v) => ({ ...v, [field]: value }));
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = toSaveInput(values, version, isDev(actor));
    setErrors(parsed.ok ? {} : parsed.errors);
    if (!parsed.ok) return;
    const done = (message: string) => () => {
      showToast('Success', message, 'green');
      onDone();
    };
    const fail = (title: string) => (error: Error) => showToast(title, errorMessage(error, title), 'red');
    if (version)
      update.mutate(parsed.body, {
        onSuccess: done('App version updated successfully'),
        onError: fail('Failed to update app version'),
      });
    else
      create.mutate(parsed.body, {
        onSuccess: done('App version created successfully'),
        onError: fail('Failed to create app version'),
      });
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        {isDev(actor) && (
          <CompanyFields
            creating={!version}
            ownCompanyId={actor.companyId}
            companyId={values.companyId}
            targetCompanies={values.targetCompanies}
            onCompanyChange={(companyId) => setValues((v) => ({ ...v, companyId }))}
            onTargetsChange={(targetCompanies) => setValues((v) => ({ ...v, targetCompanies }))}
          />
        )}
        <TextInput label="Version" required placeholder="e.g. 2.4.1" {...text('latestVersion')} />
        <Textarea label="Release Notes" required autosize minRows={3} maxRows={8} {...text('releaseNotes')} />
        <InstallerUploadField
          onUploaded={(file) => setValues((v) => withUploadedFile(v, file))}
          onBusyChange={setUploading}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label="Download File Name"
            required
            placeholder="CGBridgeSetup.exe"
            {...text('downloadFileName')}
          />
          <TextInput label="Download URL" placeholder="Filled in by the upload" {...text('downloadUrl')} />
          <TextInput label="File Size" description="Bytes" inputMode="numeric" {...text('fileSize')} />
          <TextInput label="Checksum" description="SHA-256" ff="monospace" {...text('checksum')} />
        </SimpleGrid>
        <Switch
          label="Public"
          description="Companies targeted by this version may download it"
          checked={values.isPublic}
          onChange={(e) => {
            const isPublic = e.currentTarget.checked;
            setValues((v) => ({ ...v, isPublic }));
          }}
        />
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={requestClose}>
            Cancel
          </Button>
          <Button type="submit" loading={pending} disabled={uploading}>
            {version ? 'Save Changes' : 'Create Version'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
