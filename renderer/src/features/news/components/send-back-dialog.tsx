import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState, type FormEvent } from 'react';
import { NEWS_RETURN_REASON_MAX } from '@shared/constants';
import type { News, NewsReturnKind, OnAirStoryConflict } from '@shared/contracts/news';
import { onAirConflict, useSendBackNews } from '../api/send-back-news';
import { toastFailure, toastSuccess } from '@/lib/toast';
import { textDirection } from '@/lib/text-direction';

export interface SendingBack {
  article: News;
  kind: NewsReturnKind;
}

const TEXTS: Record<NewsReturnKind, { title: string; action: string; done: string; failed: string }> = {
  rejected: {
    title: 'Send back to the writer',
    action: 'Send back',
    done: 'Story sent back to its writer',
    failed: 'Failed to send the story back',
  },
  unapproved: {
    title: 'Take back to draft',
    action: 'Take back',
    done: 'Story taken back to draft',
    failed: 'Failed to take the story back',
  },
};

/** Reject a draft or unapprove an approved story, with the reason its writer will read (issue 26). */
export function SendBackDialog({ sending, onClose }: { sending: SendingBack | null; onClose: () => void }) {
  const fullScreen = useMediaQuery('(max-width: 36em)');
  const texts = TEXTS[sending?.kind ?? 'rejected'];
  return (
    <Modal opened={sending !== null} onClose={onClose} title={texts.title} size="lg" fullScreen={fullScreen}>
      {sending && <SendBackForm key={`${sending.kind}:${sending.article.id}`} sending={sending} onDone={onClose} />}
    </Modal>
  );
}

function SendBackForm({ sending, onDone }: { sending: SendingBack; onDone: () => void }) {
  const { article, kind } = sending;
  const texts = TEXTS[kind];
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [onAir, setOnAir] = useState<OnAirStoryConflict | null>(null);
  const mutation = useSendBackNews();

  const send = (confirmOnAir: boolean) => {
    if (!reason.trim()) return setError('A reason is required');
    mutation.mutate(
      { id: article.id, kind, reason: reason.trim(), confirmOnAir },
      {
        onSuccess: () => {
          toastSuccess(texts.done);
          onDone();
        },
        onError: (err) => {
          const conflict = onAirConflict(err);
          if (conflict) setOnAir(conflict);
          else toastFailure(texts.failed, err);
        },
      },
    );
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    send(false);
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <Text size="sm">
          <b dir="auto">{article.title}</b> goes back to draft; {article.createdByName ?? 'its writer'} is told why
          (bell and Telegram).
        </Text>
        <Textarea
          label="Reason"
          required
          autosize
          minRows={3}
          maxRows={8}
          maxLength={NEWS_RETURN_REASON_MAX}
          dir={textDirection(reason)}
          value={reason}
          onChange={(e) => {
            setReason(e.currentTarget.value);
            setError(null);
          }}
          error={error}
          description={`${reason.length}/${NEWS_RETURN_REASON_MAX}`}
          data-autofocus
        />
        {onAir && (
          <Alert color="red" variant="light" role="alert" title="On air now">
            <Text size="sm">{onAir.message}</Text>
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          {onAir ? (
            <Button color="red" loading={mutation.isPending} onClick={() => send(true)}>
              {texts.action} anyway
            </Button>
          ) : (
            <Button type="submit" color="orange" loading={mutation.isPending}>
              {texts.action}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
