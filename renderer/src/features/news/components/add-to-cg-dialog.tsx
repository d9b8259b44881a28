import { Button, Group, Input, Paper, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useId, useState, type FormEvent } from 'react';
import {
  cgChangesFromArticle,
  type CgContentSource,
  type CgFromNewsType,
  type CgTextChange,
} from '@shared/cg-from-news';
import { CG_FROM_NEWS_TYPES } from '@shared/constants';
import type { News } from '@shared/contracts/news';
import { onAirTextProblem } from '@shared/on-air-rules';
import { EmergencyBar } from '@/components/cg/emergency-bar';
import { OnAirTextInput } from '@/components/cg/on-air-text-input';
import { useEmergencyConfirm } from '@/lib/cg/use-emergency-confirm';
import { GuardedModal, useModalDirty } from '@/lib/unsaved-guard';
import { useCreateCgFromNews } from '@/lib/api/cg/create-cg-from-news';
import { toastStaged } from '@/lib/cg/cg-toast';
import { toastFailure, toastSuccess } from '@/lib/toast';
import { textDirection } from '@/lib/text-direction';

interface AddToCgDialogProps {
  /** The article to send; null when the dialog is closed. */
  article: News | null;
  onClose: () => void;
}

const SOURCE_LABELS: Record<CgContentSource, string> = {
  title: 'Title',
  subtitle: 'Subtitle',
  both: 'Both',
  content: 'Content',
  custom: 'Custom',
};

const isCgType = (value: string | null): value is CgFromNewsType => CG_FROM_NEWS_TYPES.some((t) => t === value);
const isSource = (value: string): value is CgContentSource => value in SOURCE_LABELS;

/** Add to CG Display (docs/product.md §Screens and routes, §Data): one article's text onto one CG type's output file. */
export function AddToCgDialog({ article, onClose }: AddToCgDialogProps) {
  const fullScreen = useMediaQuery('(max-width: 36em)');
  return (
    <GuardedModal
      opened={article !== null}
      onClose={onClose}
      title="Add to CG Display"
      size="lg"
      fullScreen={fullScreen}
    >
      {/* Keyed so each opening starts from the defaults, not the last article's choices. */}
      {article && <AddToCgForm key={article.id} article={article} onDone={onClose} />}
    </GuardedModal>
  );
}

function useSend(article: News, onDone: () => void) {
  const mutation = useCreateCgFromNews();
  const send = (cgType: CgFromNewsType, contentSource: CgContentSource, custom: string) => {
    const body =
      contentSource === 'custom' ? { cgType, contentSource, customContent: custom } : { cgType, contentSource };
    mutation.mutate(
      { id: article.id, body },
      {
        onSuccess: (res) => {
          if (res.staged) toastStaged(`${cgType} staged`);
          else toastSuccess(`${cgType} file updated successfully`, 'CG Updated');
          onDone();
        },
        onError: (error) => toastFailure('Failed to create CG file from news article', error),
      },
    );
  };
  return { send, pending: mutation.isPending };
}

function AddToCgForm({ article, onDone }: { article: News; onDone: () => void }) {
  const [cgType, setCgType] = useState<CgFromNewsType>('headline');
  const [source, setSource] = useState<CgContentSource>('title');
  const [custom, setCustom] = useState('');
  const [customError, setCustomError] = useState<string | null>(null);
  const { send, pending } = useSend(article, onDone);
  const confirmOnAir = useEmergencyConfirm();
  // Only custom text is typed work; the pickers are one click to set again.
  const { requestClose } = useModalDirty(custom.trim() !== '');
  // Exactly what the server will write (shared/cg-from-news), checked against each type's rule.
  const changes = cgChangesFromArticle(article, cgType, source, custom);
  const problem = changes?.map((c) => onAirTextProblem(c.type, c.content)).find((p) => p !== null) ?? null;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (changes === null) {
      setCustomError('Content is required');
      return;
    }
    // During an emergency this asks first, as every screen that sends to air does (issue 22).
    if (!problem)
      confirmOnAir(changes.map((c) => `${c.type}: ${c.content}`).join(' · '), () => send(cgType, source, custom));
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <EmergencyBar endButton={false} />
        <Select
          label="CG Type"
          data={[...CG_FROM_NEWS_TYPES]}
          value={cgType}
          onChange={(v) => isCgType(v) && setCgType(v)}
          allowDeselect={false}
        />
        <SourcePicker value={source} hasSubtitle={Boolean(article.subtitle)} onChange={setSource} />
        {source === 'custom' && (
          <>
            <OnAirTextInput
              key={cgType}
              type={cgType}
              textarea
              label="Custom Content"
              value={custom}
              onChange={(text) => {
                setCustom(text);
                setCustomError(null);
              }}
              autoFocus
            />
            {customError && (
              <Text size="xs" c="red.5">
                {customError}
              </Text>
            )}
          </>
        )}
        <OnAirPreview changes={changes} problem={problem} />
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={requestClose}>
            Cancel
          </Button>
          <Button type="submit" loading={pending} disabled={problem !== null}>
            Add to CG
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

interface SourcePickerProps {
  value: CgContentSource;
  hasSubtitle: boolean;
  onChange: (source: CgContentSource) => void;
}

function SourcePicker({ value, hasSubtitle, onChange }: SourcePickerProps) {
  const labelId = useId();
  const data = Object.entries(SOURCE_LABELS).map(([key, label]) => ({
    value: key,
    label,
    disabled: key === 'subtitle' && !hasSubtitle,
  }));
  return (
    <Input.Wrapper
      label="Content Source"
      labelElement="div"
      labelProps={{ id: labelId }}
      description={hasSubtitle ? undefined : 'This article has no subtitle'}
    >
      <SegmentedControl
        fullWidth
        aria-labelledby={labelId}
        data={data}
        value={value}
        onChange={(v) => isSource(v) && onChange(v)}
        mt={4}
      />
    </Input.Wrapper>
  );
}

/** A wrapped title looks like two lines: the count says how many the file really has. */
function lineCount(changes: readonly CgTextChange[]): string {
  return changes
    .map(
      (c) =>
        `${c.type}.txt: ${c.content.split('\n').length === 1 ? '1 line' : `${c.content.split('\n').length} lines`}`,
    )
    .join(' · ');
}

/**
 * What the graphics program will read, file by file, line breaks included: a title on the
 * headline shows the subheadline it brings (or that it clears the old one).
 */
function OnAirPreview({ changes, problem }: { changes: CgTextChange[] | null; problem: string | null }) {
  return (
    <Input.Wrapper
      label="On-air preview"
      labelElement="div"
      description={changes === null ? undefined : lineCount(changes)}
      error={problem}
    >
      {/* Scrolls rather than clamps: the whole text goes on air, so the whole text is shown. */}
      <Paper
        withBorder
        p="sm"
        mt={4}
        mah={220}
        style={{ overflowY: 'auto' }}
        bg="var(--mantine-color-dark-8)"
        data-testid="cg-from-news-preview"
      >
        {changes === null ? (
          <Text size="sm" c="dimmed" fs="italic">
            Nothing to send yet
          </Text>
        ) : (
          changes.map((change) => (
            <PreviewLine
              key={change.type}
              change={change}
              secondary={changes.length > 1 && change.type === 'subheadline'}
            />
          ))
        )}
      </Paper>
    </Input.Wrapper>
  );
}

function PreviewLine({ change, secondary }: { change: CgTextChange; secondary: boolean }) {
  if (secondary && !change.content) {
    return (
      <Text size="xs" c="dimmed" fs="italic" data-testid="cg-from-news-preview-subheadline">
        Subheadline cleared
      </Text>
    );
  }
  return (
    <Text
      size={secondary ? 'xs' : 'sm'}
      c={secondary ? 'yellow.4' : undefined}
      dir={textDirection(change.content)}
      style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
      data-testid={secondary ? 'cg-from-news-preview-subheadline' : 'cg-from-news-preview-text'}
    >
      {change.content}
    </Text>
  );
}
