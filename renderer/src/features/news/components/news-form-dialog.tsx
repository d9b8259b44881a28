import { Alert, Button, Group, Select, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState, type FormEvent } from 'react';
import { NEWS_LIMITS, NEWS_PRIORITIES } from '@shared/constants';
import type { VersionConflict } from '@shared/contracts/common';
import type { News } from '@shared/contracts/news';
import { versionConflictOf } from '@/lib/version-conflict';
import { GuardedModal, useModalDirty } from '@/lib/unsaved-guard';
import { WireSourceNote } from '@/components/news/wire-source-note';
import { formChanged } from '@/lib/unsaved-registry';
import { useCreateNews } from '@/lib/api/news/create-news';
import { useUpdateNews } from '../api/update-news';
import { PRIORITY_LABELS } from '@/lib/news/news-format';
import { toastFailure, toastSuccess } from '@/lib/toast';
import { textDirection } from '@/lib/text-direction';
import { NewsConflictCompare, NewsConflictMerge } from './news-conflict-view';
import {
  emptyNewsForm,
  newsFormFrom,
  toNewsBody,
  type NewsFieldErrors,
  type NewsFormValues,
} from '../news-form-values';
import { EditingNotice } from '@/components/editing-indicators';
import { useAnnounceEditing } from '@/lib/presence/use-editing';
import { useNewerSave, type NewerSave } from '../hooks/use-newer-save';

interface NewsFormDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The article being edited; absent for Create News. */
  article?: News | null;
}

const PRIORITY_OPTIONS = NEWS_PRIORITIES.map((value) => ({ value, label: PRIORITY_LABELS[value] }));

/** Create News, reused for Edit (docs/product.md §Screens and routes). */
export function NewsFormDialog({ opened, onClose, article }: NewsFormDialogProps) {
  const fullScreen = useMediaQuery('(max-width: 36em)');
  return (
    <GuardedModal
      opened={opened}
      onClose={onClose}
      title={article ? 'Edit News' : 'Create News'}
      size="xl"
      fullScreen={fullScreen}
    >
      {/* A draft made from a wire names its source (issue 26). */}
      {opened && article && <WireSourceNote newsId={article.id} />}
      {/* Keyed so each opening starts from the article's current text, not the last draft. */}
      {opened && <NewsForm key={article?.id ?? 'new'} article={article ?? null} onDone={onClose} />}
    </GuardedModal>
  );
}

type Conflict = VersionConflict<News>;

function useSubmit(article: News | null, onDone: () => void, onConflict: (conflict: Conflict) => void) {
  const createMutation = useCreateNews();
  const updateMutation = useUpdateNews();
  const succeed = (message: string) => () => {
    toastSuccess(message);
    onDone();
  };
  const fail = (title: string) => (error: Error) => toastFailure(title, error);

  // An edit always names the version it started from (issue 26): a stale one comes back as a conflict to resolve.
  const submit = (values: NewsFormValues, version?: number): NewsFieldErrors => {
    const parsed = toNewsBody(values);
    if (!parsed.ok) return parsed.errors;
    if (article) {
      const onError = (error: Error) => {
        const conflict = versionConflictOf<News>(error);
        if (conflict) onConflict(conflict);
        else fail('Failed to update news article')(error);
      };
      updateMutation.mutate(
        { id: article.id, changes: { ...parsed.body, version } },
        { onSuccess: succeed('News article updated'), onError },
      );
    } else {
      createMutation.mutate(parsed.body, {
        onSuccess: succeed('News article created as a draft'),
        onError: fail('Failed to create news article'),
      });
    }
    return {};
  };
  return { submit, pending: createMutation.isPending || updateMutation.isPending };
}

function NewsForm({ article, onDone }: { article: News | null; onDone: () => void }) {
  const [initial, setInitial] = useState<NewsFormValues>(() => (article ? newsFormFrom(article) : emptyNewsForm()));
  const [values, setValues] = useState<NewsFormValues>(initial);
  const [version, setVersion] = useState(article?.version);
  // early: opened from the newer-version notice (issue 39), before any save of mine failed.
  const [conflict, setConflict] = useState<{ data: Conflict; merging: boolean; early?: boolean } | null>(null);
  const { requestClose } = useModalDirty(formChanged(initial, values));
  const [errors, setErrors] = useState<NewsFieldErrors>({});
  const { submit, pending } = useSubmit(article, onDone, (data) => setConflict({ data, merging: false }));
  useAnnounceEditing('news', article?.id);
  const newer = useNewerSave(article?.id, version);
  const set = (field: keyof NewsFormValues) => (value: string) => setValues((v) => ({ ...v, [field]: value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setErrors(submit(values, version));
  };

  /** A resolved save starts from the version that beat mine; bad input goes back to the form. */
  const saveOver = (next: NewsFormValues, current: News) => {
    setValues(next);
    setVersion(current.version);
    const problems = submit(next, current.version);
    setErrors(problems);
    if (Object.keys(problems).length) setConflict(null);
  };

  if (conflict && !conflict.merging) {
    const { current } = conflict.data;
    return (
      <NewsConflictCompare
        conflict={conflict.data}
        mine={values}
        pending={pending}
        early={conflict.early}
        onBack={() => setConflict(null)}
        onTakeMine={() => saveOver(values, current)}
        onTakeTheirs={() => {
          const theirs = newsFormFrom(current);
          setInitial(theirs);
          setValues(theirs);
          setVersion(current.version);
          setConflict(null);
        }}
        onMerge={() => setConflict({ ...conflict, merging: true })}
      />
    );
  }
  if (conflict) {
    return (
      <NewsConflictMerge
        conflict={conflict.data}
        mine={values}
        pending={pending}
        onBack={() => setConflict({ ...conflict, merging: false })}
        onSave={(merged) => saveOver(merged, conflict.data.current)}
      />
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      {/* Dhivehi (Thaana) and Arabic text runs right-to-left as it is typed (see textDirection). */}
      <Stack gap="sm">
        <EditingNotice kind="news" id={article?.id} />
        {newer && (
          <NewerVersionNotice
            newer={newer}
            onReview={() => setConflict({ data: newer.conflict, merging: false, early: true })}
          />
        )}
        <TextInput
          label="Title"
          required
          dir={textDirection(values.title)}
          maxLength={NEWS_LIMITS.title}
          value={values.title}
          onChange={(e) => set('title')(e.currentTarget.value)}
          error={errors.title}
          data-autofocus
        />
        <TextInput
          label="Subtitle"
          dir={textDirection(values.subtitle)}
          maxLength={NEWS_LIMITS.subtitle}
          value={values.subtitle}
          onChange={(e) => set('subtitle')(e.currentTarget.value)}
          error={errors.subtitle}
        />
        <Textarea
          label="Content"
          required
          dir={textDirection(values.content)}
          autosize
          minRows={6}
          maxRows={16}
          value={values.content}
          onChange={(e) => set('content')(e.currentTarget.value)}
          error={errors.content}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            label="Category"
            dir={textDirection(values.category)}
            maxLength={NEWS_LIMITS.category}
            value={values.category}
            onChange={(e) => set('category')(e.currentTarget.value)}
            error={errors.category}
          />
          <Select
            label="Priority"
            data={PRIORITY_OPTIONS}
            value={values.priority}
            onChange={(v) => v && setValues((s) => ({ ...s, priority: v }))}
            allowDeselect={false}
            error={errors.priority}
          />
        </SimpleGrid>
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={requestClose}>
            Cancel
          </Button>
          <Button type="submit" loading={pending}>
            {article ? 'Save Changes' : 'Create News'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * Issue 39 point 3: someone else saved this story while it is open here. Said at once, by name,
 * with the compare view one click away — before the next keystroke builds on an old text. Focus
 * stays where it is (a moved focus would take the next keystroke).
 */
function NewerVersionNotice({ newer, onReview }: { newer: NewerSave; onReview: () => void }) {
  const who = newer.conflict.changedBy?.fullName ?? 'Someone';
  const headline = newer.verb === 'saved' ? `${who} saved a newer version` : `${who} ${newer.verb} this story`;
  return (
    <Alert color="orange" variant="light" role="alert" data-testid="newer-version-notice">
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Text size="sm" dir="auto">
          <b>{headline}</b> — review it before you go on; your text here is kept until you choose.
        </Text>
        <Button size="compact-sm" color="orange" onClick={onReview} style={{ flexShrink: 0 }}>
          Review
        </Button>
      </Group>
    </Alert>
  );
}
