import { Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { CG_BAR_CHOICES, CG_BAR_FILE_TYPES, type CgBarChoice } from '@shared/telegram-commands';
import { toastFailure, toastSuccess } from '@/lib/toast';
import { useCgNext } from '@/lib/api/cg/get-cg-next';
import { useUpdateCgDirect, type UpdateCgDirectInput } from '@/lib/api/cg/update-cg-direct';
import { EmergencyBar } from '@/components/cg/emergency-bar';
import { useEmergencyConfirm } from '@/lib/cg/use-emergency-confirm';
import { useAddHeadline } from '@/lib/api/crawler/add-headline';
import { Actions, Dialog } from './bot-dialogs';

/**
 * What one bar sends. A headline brings its subheadline — the one typed here, or '' — so the
 * previous story's line never stays under it (issue 22's rule, issue 38: on every path).
 */
function barSend(type: Exclude<CgBarChoice, 'crawler'>, content: string, subheadline: string): UpdateCgDirectInput {
  const text = content.trim();
  return type === 'headline'
    ? { type: 'headline', content: text, subheadline: subheadline.trim() }
    : { type: CG_BAR_FILE_TYPES[type], content: text };
}

/** The toast after a send: on air, or waiting in NEXT (take mode) — never "on air" when it is not. */
function doneText(type: CgBarChoice, staged: boolean, subheadline: string): string {
  if (type === 'crawler')
    return staged ? 'Added to the news crawler in NEXT: take it in CG Control' : 'Added to the news crawler';
  const what =
    type === 'headline' ? (subheadline.trim() ? 'headline and subheadline' : 'headline (subheadline cleared)') : type;
  return staged ? `${what} staged in NEXT: take it in CG Control` : `${what} is on air`;
}

/**
 * Update CG Bar (docs/product.md §Data CG bar: headline, subheadline, crawler, hashtag). It sends through
 * update-direct like CG Control (issue 38): in take mode it waits in NEXT, and the dialog says
 * so before the button is pressed.
 */
export function UpdateCgBarDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const send = useUpdateCgDirect();
  const addHeadline = useAddHeadline();
  const confirmOnAir = useEmergencyConfirm();
  const takeMode = useCgNext().data?.takeMode === true;
  const [type, setType] = useState<CgBarChoice>('headline');
  const [content, setContent] = useState('');
  const [subheadline, setSubheadline] = useState('');
  const [error, setError] = useState<string | undefined>();
  const pending = send.isPending || addHeadline.isPending;
  const done = (staged: boolean) => (
    toastSuccess(doneText(type, staged, subheadline), staged ? 'Staged in NEXT' : 'CG Bar Updated'),
    onClose()
  );
  const failed = (err: unknown) => toastFailure('Error updating CG bar', err);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(content.trim() ? undefined : 'Content is required');
    if (!content.trim()) return;
    // During an emergency this asks first, as every screen that sends to air does (issue 22).
    confirmOnAir(`${type}: ${content.trim()}`, () => {
      if (type === 'crawler')
        addHeadline.mutate(content, { onSuccess: (res) => done(res.staged === true), onError: failed });
      else
        send.mutate(barSend(type, content, subheadline), {
          onSuccess: (res) => done(res.staged === true),
          onError: failed,
        });
    });
  };
  return (
    <Dialog title="Update CG Bar" opened={opened} onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <EmergencyBar endButton={false} />
          <Select
            label="Type"
            data={[...CG_BAR_CHOICES]}
            value={type}
            allowDeselect={false}
            onChange={(t) => t && setType(t)}
          />
          <Textarea
            label="Content"
            required
            autosize
            minRows={2}
            data-autofocus
            value={content}
            error={error}
            onChange={(e) => setContent(e.currentTarget.value)}
          />
          {type === 'headline' && (
            <TextInput
              label="Subheadline"
              description="Airs with the headline. Left empty, it clears the subheadline on air."
              value={subheadline}
              onChange={(e) => setSubheadline(e.currentTarget.value)}
            />
          )}
          <Text size="sm" fw={600} c={takeMode ? 'blue.4' : 'orange.4'} data-testid="cg-bar-when">
            {takeMode
              ? 'Take mode is on: this waits in NEXT until an operator takes it in CG Control.'
              : 'This goes on air at once.'}
          </Text>
          <Actions submit={takeMode ? 'Stage in NEXT' : 'Update CG Bar'} pending={pending} />
        </Stack>
      </form>
    </Dialog>
  );
}
