import { Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { IconBroadcast, IconChevronLeft, IconChevronRight, IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { CG_PREVIEW_TYPES } from '@shared/constants';
import { can } from '@shared/roles';
import { useCurrentUser } from '@/lib/session-store';
import { cgText, useCgFiles } from '@/lib/api/cg/get-cg-files';
import { useCgPreview, type CgPreviewModel } from '../hooks/use-cg-preview';
import { BulletinControls } from './bulletin-controls';
import { NewsPicker } from './news-picker';
import { PreviewScreen } from './preview-screen';

interface EditState {
  editing: boolean;
  draft: string;
}

function ModeToggle({ model }: { model: CgPreviewModel }) {
  const live = model.store.liveMode;
  // Shows the mode in force: "Live" (red) while live bulletin mode runs, "Bulletin" to enter it.
  return (
    <Button
      size="xs"
      color={live ? 'red' : 'gray'}
      variant={live ? 'filled' : 'default'}
      leftSection={<IconBroadcast size={14} />}
      aria-pressed={live}
      onClick={model.store.toggleLiveMode}
    >
      {live ? 'Live' : 'Bulletin'}
    </Button>
  );
}

function NavButtons({
  model,
  edit,
  setEdit,
}: {
  model: CgPreviewModel;
  edit: EditState;
  setEdit: (e: EditState) => void;
}) {
  const live = model.store.liveMode;
  const blocked = !model.navigable || edit.editing;
  const save = () => {
    if (!edit.draft.trim()) return;
    model.saveText(edit.draft);
    setEdit({ editing: false, draft: '' });
  };
  return (
    <Group gap="xs">
      <Button
        size="xs"
        variant="default"
        leftSection={<IconChevronLeft size={14} />}
        disabled={blocked}
        onClick={() => model.step(-1)}
      >
        {live ? 'Previous Item' : 'Previous'}
      </Button>
      <Button
        size="xs"
        variant="default"
        rightSection={<IconChevronRight size={14} />}
        disabled={blocked}
        onClick={() => model.step(1)}
      >
        {live ? 'Next Item' : 'Next'}
      </Button>
      {edit.editing ? (
        <>
          <Button size="xs" onClick={save} disabled={!edit.draft.trim() || model.pending}>
            Save
          </Button>
          <Button size="xs" variant="default" onClick={() => setEdit({ editing: false, draft: '' })}>
            Cancel
          </Button>
        </>
      ) : (
        <Button
          size="xs"
          variant="default"
          leftSection={<IconPencil size={14} />}
          disabled={!model.current}
          onClick={() => setEdit({ editing: true, draft: model.current?.title ?? '' })}
        >
          Edit
        </Button>
      )}
      <NewsPicker
        items={model.items}
        index={model.index}
        disabled={model.pending || edit.editing}
        onJump={model.jump}
      />
    </Group>
  );
}

function EmptyPreview() {
  return (
    <Stack gap={2} py="md" align="center" data-testid="cg-preview-empty">
      <Text fw={600}>No approved news available for CG display</Text>
      <Text size="sm" c="dimmed">
        Create a bulletin with approved news to see CG preview
      </Text>
    </Stack>
  );
}

/** CG preview / live bulletin mode (docs/product.md §Screens and routes, §States). */
export function CgPreviewPanel() {
  const canWrite = can(useCurrentUser(), 'cg.write');
  const model = useCgPreview();
  const files = useCgFiles();
  const [edit, setEdit] = useState<EditState>({ editing: false, draft: '' });
  const { store, items, current } = model;
  const title = store.liveMode ? 'Live Bulletin' : 'CG Preview';

  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'xs', sm: 'md' }}
      data-testid="cg-preview-panel"
      data-mode={store.liveMode ? 'bulletin' : 'news'}
    >
      <Group justify="space-between" mb="sm" gap="xs">
        <Title order={2} size="h5">
          {title}
        </Title>
        {canWrite && (
          <Group gap="xs">
            <Select
              aria-label="CG Type"
              size="xs"
              w={150}
              data={[...CG_PREVIEW_TYPES]}
              value={store.cgType}
              allowDeselect={false}
              onChange={(v) => v && store.setCgType(v)}
            />
            <ModeToggle model={model} />
          </Group>
        )}
      </Group>
      <Stack gap="sm">
        {canWrite && store.liveMode && <BulletinControls bulletins={model.bulletins} canPlay={items.length > 1} />}
        {!model.loading && items.length === 0 ? (
          <EmptyPreview />
        ) : (
          <PreviewScreen
            item={current}
            position={items.length ? `${model.index + 1} / ${items.length}` : '0 / 0'}
            onAir={cgText(files.data, store.cgType)}
            cgType={store.cgType}
            editing={edit.editing}
            draft={edit.draft}
            onDraft={(draft) => setEdit({ editing: true, draft })}
          />
        )}
        {canWrite && items.length > 0 && <NavButtons model={model} edit={edit} setEdit={setEdit} />}
        <Text size="xs" c="dimmed">
          CG files sync every 5 seconds to the title box
        </Text>
      </Stack>
    </Paper>
  );
}
