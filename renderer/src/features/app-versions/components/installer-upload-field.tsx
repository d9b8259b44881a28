import { Button, FileButton, Group, Progress, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import type { UploadedAppFile } from '@shared/contracts/app-versions';
import { errorMessage } from '@/lib/api-client';
import { showToast } from '@/lib/toast';
import { useUploadAppFile } from '../api/upload-app-file';
import { ACCEPTED_FILE_TYPES, contentRefusal, fileRefusal } from '../app-version-format';

interface InstallerUploadFieldProps {
  onUploaded: (file: UploadedAppFile) => void;
  /** Tells the form an upload is running, so Save waits for its answer. */
  onBusyChange: (busy: boolean) => void;
}

/** Picks an installer, checks it here first, uploads it with a progress bar. */
export function InstallerUploadField({ onUploaded, onBusyChange }: InstallerUploadFieldProps) {
  const upload = useUploadAppFile();
  const [percent, setPercent] = useState<number | null>(null);
  const [picked, setPicked] = useState<string | null>(null);

  const start = async (file: File | null) => {
    if (!file) return;
    const refusal = fileRefusal(file) ?? (await contentRefusal(file));
    if (refusal) {
      showToast('Upload failed', refusal, 'red');
      return;
    }
    setPicked(file.name);
    setPercent(0);
    onBusyChange(true);
    upload.mutate(
      { file, onProgress: setPercent },
      {
        onSuccess: (uploaded) => {
          setPercent(100);
          onUploaded(uploaded);
          showToast('Success', 'File uploaded successfully', 'green');
        },
        onError: (error) => {
          setPercent(null);
          showToast('Upload failed', errorMessage(error, 'Failed to upload file'), 'red');
        },
        onSettled: () => onBusyChange(false),
      },
    );
  };

  return (
    <Stack gap={6}>
      <Group gap="sm" wrap="nowrap">
        <FileButton onChange={(file) => void start(file)} accept={ACCEPTED_FILE_TYPES} disabled={upload.isPending}>
          {(props) => (
            <Button {...props} variant="light" leftSection={<IconUpload size={16} />} loading={upload.isPending}>
              Upload Installer
            </Button>
          )}
        </FileButton>
        <Text size="xs" c="dimmed" truncate>
          {picked ?? '.exe, .msi or .zip, up to 500MB'}
        </Text>
      </Group>
      {percent !== null && (
        <Group gap="xs" wrap="nowrap">
          <Progress
            value={percent}
            size="lg"
            striped={upload.isPending}
            animated={upload.isPending}
            style={{ flex: 1 }}
            aria-label="Upload progress"
          />
          <Text size="xs" w={40} ta="right" data-testid="upload-percent">
            {percent}%
          </Text>
        </Group>
      )}
    </Stack>
  );
}
