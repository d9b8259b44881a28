import { Button, Group, NumberInput, Select, Stack, TextInput, Textarea } from '@mantine/core';
import { useState, type FormEvent, type ReactNode } from 'react';
import { NEWS_PRIORITIES } from '@shared/constants';
import { GuardedModal, useModalDirty } from '@/lib/unsaved-guard';
import { toastFailure, toastSuccess } from '@/lib/toast';
import { useCreateEquipment } from '@/lib/api/equipment/equipment';
import { useCreateNews } from '@/lib/api/news/create-news';

type Errors = Partial<Record<string, string>>;

export function Dialog({
  title,
  opened,
  onClose,
  children,
}: {
  title: string;
  opened: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <GuardedModal opened={opened} onClose={onClose} title={title} size="md">
      {opened && children}
    </GuardedModal>
  );
}

export function Actions({ submit, pending }: { submit: string; pending: boolean }) {
  const { requestClose } = useModalDirty(false);
  return (
    <Group justify="flex-end" mt="xs">
      <Button variant="default" onClick={requestClose}>
        Cancel
      </Button>
      <Button type="submit" loading={pending}>
        {submit}
      </Button>
    </Group>
  );
}

/** Add Equipment (docs/product.md §Validation chat-bot dialog): name and code required, stock and minimum at least 1. */
export function AddEquipmentBotDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const create = useCreateEquipment();
  const [v, setV] = useState({
    name: '',
    code: '',
    location: '',
    currentStock: 1 as number | string,
    minStock: 1 as number | string,
  });
  const [errors, setErrors] = useState<Errors>({});
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next: Errors = {};
    if (!v.name.trim()) next.name = 'Equipment name is required';
    if (!v.code.trim()) next.code = 'Equipment code is required';
    if (!v.location.trim()) next.location = 'Location is required';
    if (!(Number(v.currentStock) >= 1)) next.currentStock = 'Current stock must be at least 1';
    if (!(Number(v.minStock) >= 1)) next.minStock = 'Minimum stock must be at least 1';
    setErrors(next);
    if (Object.keys(next).length) return;
    create.mutate(
      {
        name: v.name,
        code: v.code,
        location: v.location,
        quantity: Number(v.currentStock),
        minStock: Number(v.minStock),
      },
      {
        onSuccess: (item) => (toastSuccess(`${item.name} (${item.code}) added`, 'Equipment Added'), onClose()),
        onError: (err) => toastFailure('Error adding equipment', err),
      },
    );
  };
  return (
    <Dialog title="Add Equipment" opened={opened} onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label="Name"
            required
            data-autofocus
            value={v.name}
            error={errors.name}
            onChange={(e) => setV({ ...v, name: e.currentTarget.value })}
          />
          <TextInput
            label="Code"
            required
            value={v.code}
            error={errors.code}
            onChange={(e) => setV({ ...v, code: e.currentTarget.value })}
          />
          <TextInput
            label="Location"
            required
            value={v.location}
            error={errors.location}
            onChange={(e) => setV({ ...v, location: e.currentTarget.value })}
          />
          <Group grow>
            <NumberInput
              label="Current stock"
              min={1}
              allowDecimal={false}
              value={v.currentStock}
              error={errors.currentStock}
              onChange={(n) => setV({ ...v, currentStock: n })}
            />
            <NumberInput
              label="Minimum stock"
              min={1}
              allowDecimal={false}
              value={v.minStock}
              error={errors.minStock}
              onChange={(n) => setV({ ...v, minStock: n })}
            />
          </Group>
          <Actions submit="Add Equipment" pending={create.isPending} />
        </Stack>
      </form>
    </Dialog>
  );
}

/** Add Breaking News (docs/product.md §Validation chat-bot news form): title and content required; category General. */
export function AddNewsBotDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const create = useCreateNews();
  const [v, setV] = useState({
    title: '',
    content: '',
    category: 'General',
    priority: 'breaking' as (typeof NEWS_PRIORITIES)[number],
  });
  const [errors, setErrors] = useState<Errors>({});
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next: Errors = {};
    if (!v.title.trim()) next.title = 'Title is required';
    if (!v.content.trim()) next.content = 'Content is required';
    setErrors(next);
    if (Object.keys(next).length) return;
    create.mutate(v, {
      onSuccess: (n) => (toastSuccess(`"${n.title}" filed as ${n.status}`, 'News Added'), onClose()),
      onError: (err) => toastFailure('Error adding news', err),
    });
  };
  return (
    <Dialog title="Add Breaking News" opened={opened} onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label="Title"
            required
            data-autofocus
            value={v.title}
            error={errors.title}
            onChange={(e) => setV({ ...v, title: e.currentTarget.value })}
          />
          <Textarea
            label="Content"
            required
            autosize
            minRows={3}
            value={v.content}
            error={errors.content}
            onChange={(e) => setV({ ...v, content: e.currentTarget.value })}
          />
          <Group grow>
            <TextInput
              label="Category"
              value={v.category}
              onChange={(e) => setV({ ...v, category: e.currentTarget.value })}
            />
            <Select
              label="Priority"
              data={[...NEWS_PRIORITIES]}
              value={v.priority}
              allowDeselect={false}
              onChange={(p) => p && setV({ ...v, priority: p })}
            />
          </Group>
          <Actions submit="Add News" pending={create.isPending} />
        </Stack>
      </form>
    </Dialog>
  );
}
