import { Alert, Badge, Box, Button, Flex, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconPlus, IconPresentation } from '@tabler/icons-react';
import { useState } from 'react';
import { PROMPTER_PANEL_HEIGHT_PX } from '@shared/constants';
import type { Prompter } from '@shared/contracts/prompters';
import { can } from '@shared/roles';
import { PageTitle } from '@/app/page-title';
import { errorMessage } from '@/lib/api-client';
import { useLiveStatus } from '@/lib/live';
import { useCurrentUser } from '@/lib/session-store';
import { EmergencyBar } from '@/components/cg/emergency-bar';
import { usePrompters } from '../api/prompters';
import { PrompterCreateDialog } from '../components/prompter-create-dialog';
import { PrompterEditDialog, type PrompterEditTitle } from '../components/prompter-edit-dialog';
import { PrompterList } from '../components/prompter-list';
import { PrompterView } from '../reader/prompter-view';

type DialogState = { mode: 'closed' } | { mode: 'create' } | { mode: 'edit'; id: number };

/** The live socket's state, as the header shows it: a reader must know updates are arriving. */
function ConnectionBadge() {
  const connected = useLiveStatus((s) => s.connected);
  return (
    <Badge
      variant="dot"
      color={connected ? 'green' : 'red'}
      size="lg"
      data-testid="prompter-connection"
      data-connected={connected}
      aria-live="polite"
      styles={{ root: { flex: 'none' } }}
    >
      {connected ? 'Connected' : 'Disconnected'}
    </Badge>
  );
}

function EmptyPanel() {
  return (
    <Stack h="100%" align="center" justify="center" gap="xs">
      <ThemeIcon size={56} radius="xl" variant="light" color="gray">
        <IconPresentation size={30} />
      </ThemeIcon>
      <Text fw={600}>Select a Prompter</Text>
    </Stack>
  );
}

/** Prompter (docs/product.md §Screens and routes): 'Available Prompters' on the left, the 700 px reading panel on the right. */
export default function PrompterPage() {
  const canManage = can(useCurrentUser(), 'prompters.manage');
  const prompters = usePrompters();
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [fullScreen, setFullScreen] = useState(false);
  const [dialog, setDialog] = useState<DialogState>({ mode: 'closed' });
  // Kept after closing, so the title does not change while the dialog fades out.
  const [editTitle, setEditTitle] = useState<PrompterEditTitle>('Edit Prompter');
  const list = prompters.data ?? [];
  // Both follow the live list: an edit elsewhere shows at once; a delete elsewhere clears them.
  const selected = list.find((p) => p.id === selectedId) ?? null;
  const editing = dialog.mode === 'edit' ? (list.find((p) => p.id === dialog.id) ?? null) : null;
  const closeDialog = () => setDialog({ mode: 'closed' });
  const openEdit = (id: number, title: PrompterEditTitle) => {
    setEditTitle(title);
    setDialog({ mode: 'edit', id });
  };

  // Spec: clicking an item selects it and enters full-screen reading.
  const read = (p: Prompter) => {
    setSelectedId(p.id);
    setFullScreen(true);
  };

  const actions = (
    <Group gap="sm" wrap="wrap">
      <ConnectionBadge />
      {canManage && (
        <Button leftSection={<IconPlus size={16} />} onClick={() => setDialog({ mode: 'create' })}>
          Create Prompter
        </Button>
      )}
    </Group>
  );

  return (
    <Stack gap="md">
      <PageTitle title="Prompter System" description="Real-time script display for news broadcasts" actions={actions} />
      {/* The embedded reader sends to air (Space): it shows the emergency as CG Control does. */}
      <EmergencyBar />
      {prompters.error && <Alert color="red">{errorMessage(prompters.error, 'Failed to load prompters')}</Alert>}
      {/* Side by side from md (the list's 320 px leaves the panel room); stacked on phones, where the panel keeps its 700 px. */}
      <Flex direction={{ base: 'column', md: 'row' }} gap="md" align="stretch">
        <Box w={{ base: '100%', md: 320 }} h={{ base: 'auto', md: PROMPTER_PANEL_HEIGHT_PX }} style={{ flex: 'none' }}>
          <PrompterList
            prompters={prompters.data}
            loading={prompters.isPending}
            selectedId={selected?.id ?? null}
            canManage={canManage}
            onSelect={read}
            onEdit={(p) => openEdit(p.id, 'Edit Prompter')}
          />
        </Box>
        <Paper
          withBorder
          radius="md"
          h={PROMPTER_PANEL_HEIGHT_PX}
          style={{ flex: '1 1 auto', minWidth: 0, overflow: 'hidden' }}
          data-testid="prompter-panel"
        >
          {selected ? (
            <PrompterView
              prompter={selected}
              fullScreen={fullScreen}
              onFullScreenChange={setFullScreen}
              onOpenSettings={canManage ? () => openEdit(selected.id, 'Prompter Settings') : undefined}
            />
          ) : (
            <EmptyPanel />
          )}
        </Paper>
      </Flex>
      {canManage && <PrompterCreateDialog opened={dialog.mode === 'create'} onClose={closeDialog} />}
      {canManage && <PrompterEditDialog prompter={editing} title={editTitle} onClose={closeDialog} />}
    </Stack>
  );
}
