import { Button, Group, Input, Paper, SegmentedControl, Select, Stack, Text, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useId, useState, type FormEvent } from 'react';
import { CG_CONTENT_MAX, CG_FROM_NEWS_TYPES } from '@shared/constants';
import type { News } from '@shared/contracts/news';
import { GuardedModal, useModalDirty } from '@/lib/unsaved-guard';
import { useCreateCgFromNews } from '../api/create-cg-from-news';
import { cgTextFromArticle, type CgContentSource } from '../cg-text';
import { toastFailure, toastSuccess } from '../news-toast';
import { textDirection } from '../text-direction';

type CgFromNewsType = (typeof CG_FROM_NEWS_TYPES)[number];

interface AddToCgDialogProps {
  /** The article to send; null when the dialog is closed. */
  article: News | null;
  onClose: () => void;
}

const SOURCE_LABELS: Record<CgContentSource, string> = { title: 'Title', subtitle: 'Subtitle', both: 'Both', content: 'Content', custom: 'Custom' };

const isCgType = (value: string | null): value is CgFromNewsType => CG_FROM_NEWS_TYPES.some((t) => t === value);
const isSource = (value: string): value is CgContentSource => value in SOURCE_LABELS;

/** Add to CG Display (spec 000 §2, §3): one article's text onto one CG type's output file. */
export function AddToCgDialog({ article, onClose }: AddToCgDialogProps) {
  const fullScreen = useMediaQuery('(max-width: 36em)');
  return (
    <GuardedModal opened={article !== null} onClose={onClose} title="Add to CG Display" size="lg" fullScreen={fullScreen}>
      {/* Keyed so each opening starts from the defaults, not the last article's choices. */}
      {article && <AddToCgForm key={article.id} article={article} onDone={onClose} />}
    </GuardedModal>
  );
}

function useSend(article: News, onDone: () => void) {
  const mutation = useCreateCgFromNews();
  const send = (cgType: CgFromNewsType, contentSource: CgContentSource, custom: string) => {
    const body = contentSource === 'custom' ? { cgType, contentSource, customContent: custom } : { cgType, contentSource };
    mutation.mutate(
      { id: article.id, body },
      {
        onSuccess: () => {
          toastSuccess(`${cgType} file updated successfully`, 'CG Updated');
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
  // Only custom text is typed work; the pickers are one click to set again.
  const { requestClose } = useModalDirty(custom.trim() !== '');
  const text = cgTextFromArticle(article, source, custom);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (text === null) {
      setCustomError('Content is required');
      return;
    }
    send(cgType, source, custom);
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <Select label="CG Type" data={[...CG_FROM_NEWS_TYPES]} value={cgType} onChange={(v) => isCgType(v) && setCgType(v)} allowDeselect={false} />
        <SourcePicker value={source} hasSubtitle={Boolean(article.subtitle)} onChange={setSource} />
        {source === 'custom' && (
          <Textarea
            label="Custom Content"
            required
            dir={textDirection(custom)}
            autosize
            minRows={3}
            maxRows={8}
            maxLength={CG_CONTENT_MAX}
            value={custom}
            onChange={(e) => {
              setCustom(e.currentTarget.value);
              setCustomError(null);
            }}
            error={customError}
            data-autofocus
          />
        )}
        <OnAirPreview text={text} />
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={requestClose}>
            Cancel
          </Button>
          <Button type="submit" loading={pending}>
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
  const data = Object.entries(SOURCE_LABELS).map(([key, label]) => ({ value: key, label, disabled: key === 'subtitle' && !hasSubtitle }));
  return (
    <Input.Wrapper label="Content Source" labelElement="div" labelProps={{ id: labelId }} description={hasSubtitle ? undefined : 'This article has no subtitle'}>
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
function lineCount(text: string): string {
  const lines = text.split('\n').length;
  return lines === 1 ? '1 line' : `${lines} lines`;
}

/** What the graphics program will read from the output file, line breaks included. */
function OnAirPreview({ text }: { text: string | null }) {
  return (
    <Input.Wrapper label="On-air preview" labelElement="div" description={text === null ? undefined : lineCount(text)}>
      {/* Scrolls rather than clamps: the whole text goes on air, so the whole text is shown. */}
      <Paper withBorder p="sm" mt={4} mah={220} style={{ overflowY: 'auto' }} bg="var(--mantine-color-dark-8)" data-testid="cg-from-news-preview">
        {text === null ? (
          <Text size="sm" c="dimmed" fs="italic">
            Nothing to send yet
          </Text>
        ) : (
          <Text size="sm" dir={textDirection(text)} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {text}
          </Text>
        )}
      </Paper>
    </Input.Wrapper>
  );
}
