import { ActionIcon, Box, Group, Paper, Stack, Text, Title, Tooltip, UnstyledButton } from '@mantine/core';
import { IconSettings } from '@tabler/icons-react';
import type { Prompter } from '@shared/contracts/prompters';
import { textDirection } from '@/lib/text-direction';
import { useBulletins } from '@/lib/api/bulletins/get-bulletins';
import { PrompterStatusBadge } from './prompter-status-badge';
import { EditingBadge } from '@/components/editing-indicators';

interface Props {
  prompters: Prompter[] | undefined;
  loading: boolean;
  selectedId: number | null;
  /** Owner/admin: settings buttons and the "create your first" hint. */
  canManage: boolean;
  onSelect: (p: Prompter) => void;
  onEdit: (p: Prompter) => void;
}

/**
 * The card names the bulletin by its title (issue 38: "Bulletin #1" says nothing to a floor
 * manager picking a prompter). The number shows only while the list loads or when the bulletin
 * is not in it (never an empty line).
 */
function BulletinName({ id }: { id: number | null }) {
  const bulletins = useBulletins();
  const title = id === null ? null : bulletins.data?.find((b) => b.id === id)?.title;
  const text = id === null ? 'No bulletin' : (title ?? `Bulletin #${id}`);
  return (
    <Text
      size="xs"
      c="dimmed"
      truncate="end"
      dir={textDirection(text)}
      ta="left"
      title={text}
      data-testid="prompter-bulletin"
    >
      {text}
    </Text>
  );
}

function PrompterItem({
  p,
  selected,
  canManage,
  onSelect,
  onEdit,
}: { p: Prompter; selected: boolean } & Pick<Props, 'canManage' | 'onSelect' | 'onEdit'>) {
  return (
    <Paper
      withBorder
      radius="sm"
      p={0}
      data-testid="prompter-item"
      data-selected={selected}
      bg={selected ? 'var(--mantine-primary-color-light)' : undefined}
      style={selected ? { borderColor: 'var(--mantine-primary-color-filled)' } : undefined}
    >
      <Group gap={0} wrap="nowrap" align="stretch">
        {/* The item itself is the button (settings is a sibling: buttons may not nest). */}
        <UnstyledButton
          onClick={() => onSelect(p)}
          aria-current={selected || undefined}
          p="sm"
          style={{ flex: 1, minWidth: 0 }}
        >
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Stack gap={2} style={{ minWidth: 0 }}>
              {/* RTL for Thaana's letter order, but left-aligned with the line below it, as a list reads. */}
              <Text
                fw={600}
                size="sm"
                truncate="end"
                dir={textDirection(p.name)}
                ta="left"
                title={p.name}
                data-testid="prompter-name"
              >
                {p.name}
              </Text>
              <BulletinName id={p.bulletinId} />
              <EditingBadge kind="prompter" id={p.id} />
            </Stack>
            <PrompterStatusBadge status={p.status} />
          </Group>
        </UnstyledButton>
        {canManage && (
          <Tooltip label="Settings">
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              aria-label={`Prompter settings for ${p.name}`}
              onClick={() => onEdit(p)}
              style={{ alignSelf: 'center' }}
              mr={6}
            >
              <IconSettings size={18} />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
    </Paper>
  );
}

function ListBody({ prompters, loading, canManage, ...rest }: Props) {
  if (loading)
    return (
      <Text size="sm" c="dimmed">
        Loading prompters...
      </Text>
    );
  if (!prompters?.length) {
    return (
      <Stack gap={4} py="md" align="center">
        <Text size="sm" fw={500}>
          No prompters available
        </Text>
        {canManage && (
          <Text size="xs" c="dimmed" ta="center">
            Create your first prompter to get started
          </Text>
        )}
      </Stack>
    );
  }
  return (
    <Stack gap="xs">
      {prompters.map((p) => (
        <PrompterItem
          key={p.id}
          p={p}
          selected={p.id === rest.selectedId}
          canManage={canManage}
          onSelect={rest.onSelect}
          onEdit={rest.onEdit}
        />
      ))}
    </Stack>
  );
}

/** 'Available Prompters' (docs/product.md §Screens and routes); scrolls inside the 700 px column when it grows long. */
export function PrompterList(props: Props) {
  return (
    <Paper withBorder radius="md" p="md" h="100%" style={{ display: 'flex', flexDirection: 'column', minHeight: 0 }}>
      <Title order={2} size="h5" mb="sm">
        Available Prompters
      </Title>
      {/* A plain scroller: ScrollArea's table layout lets long names push the badges out of view. */}
      <Box style={{ flex: 1, minHeight: 0, overflowY: 'auto', overflowX: 'hidden' }} data-testid="prompter-list">
        <ListBody {...props} />
      </Box>
    </Paper>
  );
}
