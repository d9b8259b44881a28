import { ActionIcon, Badge, Group, Paper, Text, Tooltip } from '@mantine/core';
import { IconDownload, IconEraser, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { CgFile, CgType } from '@shared/contracts/cg-files';
import classes from './cg-type-card.module.css';

export interface CgFileActions {
  onAdd: (type: CgType) => void;
  onEdit: (file: CgFile) => void;
  onDelete: (file: CgFile) => void;
  onClear: (file: CgFile) => void;
  onDownload: (file: CgFile) => void;
}

interface CgTypeCardProps extends CgFileActions {
  type: CgType;
  file: CgFile | undefined;
  canWrite: boolean;
}

function Action({
  label,
  color,
  onClick,
  children,
}: {
  label: string;
  color?: string;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Tooltip label={label}>
      {/* 40 × 40 on phones (a fingertip), compact where there is a mouse. */}
      <ActionIcon
        variant="subtle"
        color={color ?? 'gray'}
        size={40}
        className={classes.action}
        aria-label={label}
        onClick={onClick}
      >
        {children}
      </ActionIcon>
    </Tooltip>
  );
}

function FileActions({ type, file, canWrite, ...actions }: CgTypeCardProps & { file: CgFile }) {
  return (
    <Group gap={2} wrap="nowrap" style={{ flex: 'none' }}>
      <Action label={`Download ${type}`} onClick={() => actions.onDownload(file)}>
        <IconDownload size={15} />
      </Action>
      {canWrite && (
        <>
          <Action label={`Edit ${type}`} onClick={() => actions.onEdit(file)}>
            <IconPencil size={15} />
          </Action>
          <Action label={`Clear ${type}`} color="yellow" onClick={() => actions.onClear(file)}>
            <IconEraser size={15} />
          </Action>
          <Action label={`Delete ${type}`} color="red" onClick={() => actions.onDelete(file)}>
            <IconTrash size={15} />
          </Action>
        </>
      )}
    </Group>
  );
}

/** One CG type: its file's text and actions, or a plus button to create it. */
export function CgTypeCard(props: CgTypeCardProps) {
  const { type, file, canWrite, onAdd } = props;
  return (
    <Paper withBorder p="xs" radius="sm" data-testid={`cg-type-${type}`} data-has-file={Boolean(file)}>
      <Group justify="space-between" wrap="nowrap" gap="xs" mb={file ? 4 : 0}>
        <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
          <Text size="sm" fw={700} ff="monospace" truncate>
            {type}
          </Text>
          {file ? (
            <Badge size="xs" color={file.content ? 'green' : 'gray'} variant="light" style={{ flex: 'none' }}>
              {file.content ? 'Active' : 'Empty'}
            </Badge>
          ) : (
            <Text size="xs" c="dimmed">
              No file
            </Text>
          )}
        </Group>
        {file ? (
          <FileActions {...props} file={file} />
        ) : (
          canWrite && (
            <Action label={`Add ${type} file`} color="blue" onClick={() => onAdd(type)}>
              <IconPlus size={16} />
            </Action>
          )
        )}
      </Group>
      {/* Empty types stay one line high: thirteen cards must fit a phone without endless scrolling. */}
      {file && (
        <>
          <Text
            size="sm"
            dir="auto"
            lineClamp={2}
            c={file.content ? undefined : 'dimmed'}
            data-testid={`cg-type-${type}-content`}
          >
            {file.content || '(empty)'}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {file.fileName ?? `${type}.txt`}
          </Text>
        </>
      )}
    </Paper>
  );
}
