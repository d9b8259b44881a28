import { Button, Checkbox, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState, type FormEvent } from 'react';
import { WIRE_LIMITS, wireFeedInputSchema, type WireFeed } from '@shared/contracts/wires';
import { toastFailure, toastSuccess } from '@/lib/toast';
import { useSaveFeed } from '@/lib/api/wires/wires';

interface Props {
  /** null: closed; 'new': Add feed; a feed: Edit it. */
  editing: WireFeed | 'new' | null;
  onClose: () => void;
}

/** Add or edit a feed (owner/admin): a name the desk knows it by, and its RSS / Atom / JSON URL. */
export function FeedFormDialog({ editing, onClose }: Props) {
  const fullScreen = useMediaQuery('(max-width: 36em)');
  return (
    <Modal
      opened={editing !== null}
      onClose={onClose}
      title={editing === 'new' ? 'Add feed' : 'Edit feed'}
      fullScreen={fullScreen}
    >
      {editing !== null && (
        <FeedForm
          key={editing === 'new' ? 'new' : editing.id}
          feed={editing === 'new' ? null : editing}
          onDone={onClose}
        />
      )}
    </Modal>
  );
}

function FeedForm({ feed, onDone }: { feed: WireFeed | null; onDone: () => void }) {
  const [name, setName] = useState(feed?.name ?? '');
  const [url, setUrl] = useState(feed?.url ?? '');
  const [enabled, setEnabled] = useState(feed?.enabled ?? true);
  const [errors, setErrors] = useState<{ name?: string; url?: string }>({});
  const save = useSaveFeed();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = wireFeedInputSchema.safeParse({ name, url, enabled });
    if (!parsed.success) {
      const issue = (field: string) => parsed.error.issues.find((i) => i.path[0] === field)?.message;
      return setErrors({ name: issue('name'), url: issue('url') });
    }
    setErrors({});
    save.mutate(
      { id: feed?.id ?? null, body: parsed.data },
      {
        onSuccess: () => {
          toastSuccess(feed ? 'Feed saved' : 'Feed added; its items arrive in a moment');
          onDone();
        },
        onError: (error) => toastFailure(feed ? 'Failed to save feed' : 'Failed to add feed', error),
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <TextInput
          label="Name"
          required
          dir="auto"
          maxLength={WIRE_LIMITS.name}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={errors.name}
          data-autofocus
        />
        <TextInput
          label="Feed URL"
          description="RSS, Atom or JSON Feed (http:// or https://)"
          required
          dir="ltr"
          type="url"
          maxLength={WIRE_LIMITS.url}
          value={url}
          onChange={(e) => setUrl(e.currentTarget.value)}
          error={errors.url}
        />
        <Checkbox label="Poll this feed" checked={enabled} onChange={(e) => setEnabled(e.currentTarget.checked)} />
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            {feed ? 'Save' : 'Add feed'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
