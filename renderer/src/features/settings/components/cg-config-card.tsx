import { Alert, Button, Code, Group, List, Text, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconFolderCheck, IconFolderPlus } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { CG_TYPES } from '@shared/constants';
import type { ForeignFolderError, Settings, UpdateSettingsResponse } from '@shared/contracts/settings';
import { errorMessage } from '@/lib/api-client';
import { showToast } from '@/lib/toast';
import { useUnsavedGuard } from '@/lib/unsaved-guard';
import { useInitializeCgFiles } from '../api/initialize-cg-files';
import { foreignFolderOf } from '../api/update-settings';
import { useVersionedSettingsSave } from '../hooks/use-versioned-settings-save';
import { CopyValue } from '@/components/copy-value';
import { ForeignFolderNotice } from './foreign-folder-notice';
import { SettingsSection } from '@/components/settings-section';

type FolderMove = NonNullable<UpdateSettingsResponse['cgFolderMoved']>;

/** Asked before a new path is saved: moving the folder changes what the graphics programs read. */
function confirmMove(path: string, onConfirm: () => void): void {
  modals.openConfirmModal({
    title: 'Change the CG output folder?',
    children: (
      <List size="sm" spacing={6}>
        <List.Item>
          Every CG file is rewritten into <Code>{path}</Code>.
        </List.Item>
        <List.Item>Our files in the old folder are removed (other files there are left alone).</List.Item>
        <List.Item>
          Point vMix, OBS, CasparCG or XPression at the new folder, or they keep showing the old text.
        </List.Item>
      </List>
    ),
    labels: { confirm: 'Change folder', cancel: 'Cancel' },
    onConfirm,
  });
}

function MovedNotice({ moved }: { moved: FolderMove }) {
  return (
    <Alert
      color="green"
      variant="light"
      icon={<IconFolderCheck size={18} />}
      title="CG folder changed"
      data-testid="cg-folder-moved"
    >
      <Text size="sm">
        The CG files are now in <Code>{moved.to}</Code> ({moved.files} files, moved from <Code>{moved.from}</Code>).
        Point your graphics program at the new folder.
      </Text>
    </Alert>
  );
}

/** CG Configuration (docs/product.md §Screens and routes): where the <type>.txt files are written and which files exist. */
export function CgConfigCard({ settings }: { settings: Settings }) {
  const [draft, setDraft] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [moved, setMoved] = useState<FolderMove | null>(null);
  const [foreign, setForeign] = useState<(ForeignFolderError & { path: string }) | null>(null);
  const value = draft ?? settings.cgOutputPath;
  const dirty = draft !== null && draft !== settings.cgOutputPath;
  useUnsavedGuard(dirty);
  const save = useVersionedSettingsSave(settings.version, () => setDraft(null));
  const initialize = useInitializeCgFiles();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const path = value.trim();
    if (!path) return setFieldError('CG output path is required');
    setFieldError(null);
    if (path === settings.cgOutputPath) return setDraft(null);
    setForeign(null);
    confirmMove(path, () => saveFolder(path, false));
  };

  /** `confirmNonEmptyFolder` only after the user saw the server's list of files we did not write. */
  const saveFolder = (path: string, confirmNonEmptyFolder: boolean) =>
    save.mutate(
      { cgOutputPath: path, ...(confirmNonEmptyFolder ? { confirmNonEmptyFolder } : {}) },
      {
        onSuccess: (res) => {
          setDraft(null);
          setForeign(null);
          setMoved(res.cgFolderMoved);
          showToast('Success', 'Settings updated successfully', 'green');
        },
        onError: (error) => {
          const notOurs = foreignFolderOf(error);
          if (notOurs) return setForeign({ ...notOurs, path });
          setForeign(null);
          setFieldError(errorMessage(error));
          showToast('Failed to update settings', errorMessage(error), 'red');
        },
      },
    );

  const runInitialize = () =>
    initialize.mutate(undefined, {
      onSuccess: (res) => showToast('CG Files Initialized', `CG files are ready in ${res.path}`, 'green'),
      onError: (error) => showToast('Failed to initialize CG files', errorMessage(error), 'red'),
    });

  return (
    <SettingsSection
      title="CG Configuration"
      description="Where the on-air text files are written for your graphics program"
      testId="settings-cg"
    >
      {save.notice}
      <form onSubmit={submit} noValidate>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            label="CG output path"
            description="A relative path is inside the server's folder; a full path is used as it is"
            required
            value={value}
            onChange={(e) => setDraft(e.currentTarget.value)}
            error={fieldError}
            style={{ flex: '1 1 18rem' }}
          />
          <Button type="submit" loading={save.isPending} disabled={!dirty}>
            Save
          </Button>
        </Group>
      </form>
      {foreign && (
        <ForeignFolderNotice
          foreign={foreign}
          pending={save.isPending}
          onConfirm={() => saveFolder(foreign.path, true)}
          onCancel={() => setForeign(null)}
        />
      )}
      {moved && <MovedNotice moved={moved} />}
      <div>
        <Text size="sm" fw={600} mb={4}>
          Point your graphics program at:
        </Text>
        <CopyValue value={settings.cgOutputFolder} label="CG folder" testId="cg-output-folder" />
      </div>
      <Text size="xs" c="dimmed">
        Files: {CG_TYPES.map((type) => `${type}.txt`).join(', ')}
      </Text>
      <Group>
        <Button
          variant="outline"
          leftSection={<IconFolderPlus size={16} />}
          loading={initialize.isPending}
          onClick={runInitialize}
        >
          Initialize CG Files
        </Button>
      </Group>
    </SettingsSection>
  );
}
