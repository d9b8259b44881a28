import { Alert, Box, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useState } from 'react';
import type { VersionConflict } from '@shared/contracts/common';
import type { News } from '@shared/contracts/news';
import { diffWords, type DiffPart } from '@shared/word-diff';
import { conflictHeadline } from '@/lib/version-conflict';
import { newsFormFrom, type NewsFormValues } from '../news-form-values';
import { textDirection } from '@/lib/text-direction';

/** The text fields a person writes; priority is a choice and is compared as a word too. */
const FIELDS: Array<{ key: keyof NewsFormValues; label: string }> = [
  { key: 'title', label: 'Title' },
  { key: 'subtitle', label: 'Subtitle' },
  { key: 'content', label: 'Content' },
  { key: 'category', label: 'Category' },
  { key: 'priority', label: 'Priority' },
];

type Conflict = VersionConflict<News>;

export function changedFields(theirs: NewsFormValues, mine: NewsFormValues) {
  return FIELDS.filter(({ key }) => theirs[key].trim() !== mine[key].trim());
}

/** One side of a word diff: theirs shows what only they wrote, mine what only I wrote. */
function DiffText({ parts, side, text }: { parts: DiffPart[]; side: 'theirs' | 'mine'; text: string }) {
  const hidden = side === 'theirs' ? 'del' : 'add';
  const marked = side === 'theirs' ? 'add' : 'del';
  const colour = side === 'theirs' ? 'var(--mantine-color-teal-light)' : 'var(--mantine-color-orange-light)';
  return (
    <Text size="sm" dir={textDirection(text)} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {parts
        .filter((p) => p.op !== hidden)
        .map((p, i) =>
          p.op === marked ? (
            <mark key={i} data-diff={marked} style={{ background: colour, color: 'inherit', borderRadius: 2 }}>
              {p.text}
            </mark>
          ) : (
            <span key={i}>{p.text}</span>
          ),
        )}
    </Text>
  );
}

function Side({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper withBorder p="xs" radius="sm">
      <Text size="xs" c="dimmed" fw={600} mb={4}>
        {title}
      </Text>
      {children}
    </Paper>
  );
}

interface CompareProps {
  conflict: Conflict;
  mine: NewsFormValues;
  pending: boolean;
  onTakeMine: () => void;
  onTakeTheirs: () => void;
  onMerge: () => void;
  /** Issue 39: opened from the newer-version notice — nothing failed yet; Back returns to the form. */
  early?: boolean;
  onBack?: () => void;
}

/** Both versions side by side as a word diff, and the three ways on (never a silent overwrite). */
export function NewsConflictCompare({
  conflict,
  mine,
  pending,
  onTakeMine,
  onTakeTheirs,
  onMerge,
  early,
  onBack,
}: CompareProps) {
  const theirs = newsFormFrom(conflict.current);
  const who = conflict.changedBy?.fullName ?? 'Someone';
  return (
    <Stack gap="sm" data-testid="news-conflict">
      <Alert color="orange" title={conflictHeadline(conflict, 'story')}>
        {early
          ? 'A newer version was saved while you were editing; yours is not saved yet. Compare them, then choose which to keep, or go back to your text.'
          : 'Your changes were not saved. Compare the two versions, then choose which to keep.'}
      </Alert>
      {changedFields(theirs, mine).map(({ key, label }) => {
        const parts = diffWords(mine[key], theirs[key]);
        return (
          <Box key={key}>
            <Text size="sm" fw={600} mb={4}>
              {label}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
              <Side title={`Theirs (saved by ${who})`}>
                <DiffText parts={parts} side="theirs" text={theirs[key]} />
              </Side>
              <Side title="Yours (not saved)">
                <DiffText parts={parts} side="mine" text={mine[key]} />
              </Side>
            </SimpleGrid>
          </Box>
        );
      })}
      <Group justify="flex-end" gap="xs">
        {early && onBack && (
          <Button variant="subtle" onClick={onBack} disabled={pending}>
            Back to my text
          </Button>
        )}
        <Button variant="default" onClick={onTakeTheirs} disabled={pending}>
          Take theirs
        </Button>
        <Button variant="light" onClick={onMerge} disabled={pending}>
          Merge by hand
        </Button>
        <Button color="orange" onClick={onTakeMine} loading={pending}>
          Take mine
        </Button>
      </Group>
    </Stack>
  );
}

interface MergeProps {
  conflict: Conflict;
  mine: NewsFormValues;
  pending: boolean;
  onBack: () => void;
  onSave: (merged: NewsFormValues) => void;
}

/** Each field that differs: an editable copy of theirs, with my text beside it to take from. */
export function NewsConflictMerge({ conflict, mine, pending, onBack, onSave }: MergeProps) {
  const theirs = newsFormFrom(conflict.current);
  const fields = changedFields(theirs, mine).filter(({ key }) => key !== 'priority');
  const [merged, setMerged] = useState<NewsFormValues>(() => ({
    ...mine,
    ...Object.fromEntries(fields.map(({ key }) => [key, theirs[key]])),
  }));
  return (
    <Stack gap="sm" data-testid="news-merge">
      <Alert color="blue" title="Merge by hand">
        Each field starts as {conflict.changedBy?.fullName ?? 'their'} saved it; your text is beside it.
      </Alert>
      {fields.map(({ key, label }) => {
        const Input = key === 'content' ? Textarea : TextInput;
        return (
          <SimpleGrid key={key} cols={{ base: 1, sm: 2 }} spacing="xs">
            <Input
              label={`Merged ${label.toLowerCase()}`}
              dir={textDirection(merged[key])}
              value={merged[key]}
              onChange={(e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
                const value = e.currentTarget.value;
                setMerged((m) => ({ ...m, [key]: value }));
              }}
              {...(key === 'content' ? { autosize: true, minRows: 4, maxRows: 12 } : {})}
            />
            <Side title={`Yours: ${label.toLowerCase()}`}>
              <Text
                size="sm"
                dir={textDirection(mine[key])}
                style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
              >
                {mine[key]}
              </Text>
            </Side>
          </SimpleGrid>
        );
      })}
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onBack} disabled={pending}>
          Back
        </Button>
        <Button onClick={() => onSave(merged)} loading={pending}>
          Save merged
        </Button>
      </Group>
    </Stack>
  );
}
