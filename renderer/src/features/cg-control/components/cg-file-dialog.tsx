import { Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState, type FormEvent } from 'react';
import { CG_TYPES } from '@shared/constants';
import type { CgFile, CgType } from '@shared/contracts/cg-files';
import { onAirTextProblem } from '@shared/on-air-rules';
import { GuardedModal, useModalDirty } from '@/lib/unsaved-guard';
import { useCreateCgFile, type CgFileAnswer } from '../api/create-cg-file';
import { cgText, useCgFiles } from '@/lib/api/cg/get-cg-files';
import { useCgNext } from '@/lib/api/cg/get-cg-next';
import { useUpdateCgFile } from '../api/update-cg-file';
import { toastCgFailure, toastCgUpdated, toastStaged } from '@/lib/cg/cg-toast';
import { OnAirTextInput } from '@/components/cg/on-air-text-input';
import { cgFilePathOf } from '../cg-file-path';

export type CgFileDialogState = { mode: 'closed' } | { mode: 'add'; type: CgType } | { mode: 'edit'; file: CgFile };

interface Values {
  type: CgType;
  content: string;
  /** Only with a headline: the line that airs under it (issue 22's rule: never the previous story's). */
  subheadline: string;
}

/** An edit of the headline shows the subheadline on air with it, to keep or change; a new one starts empty. */
function initialValues(state: CgFileDialogState, onAirSubheadline: string): Values {
  if (state.mode === 'edit') {
    const { file } = state;
    return {
      type: file.type as CgType,
      content: file.content,
      subheadline: file.type === 'headline' ? onAirSubheadline : '',
    };
  }
  return { type: state.mode === 'add' ? state.type : 'headline', content: '', subheadline: '' };
}

function useSubmit(state: CgFileDialogState, takeMode: boolean, onDone: () => void) {
  const create = useCreateCgFile();
  const update = useUpdateCgFile();
  const submit = (values: Values) => {
    const paired = values.type === 'headline' ? { subheadline: values.subheadline.trim() } : {};
    // Take mode (issue 38): the text waits in NEXT; the server refuses it otherwise.
    const common = { content: values.content, ...paired, ...(takeMode ? { stage: true } : {}) };
    const onSuccess = (answer: CgFileAnswer) => {
      if (answer.staged) toastStaged(values.type === 'headline' ? 'headline and subheadline' : values.type);
      else toastCgUpdated(values.type);
      onDone();
    };
    if (state.mode === 'edit') {
      update.mutate(
        { id: state.file.id, changes: common },
        { onSuccess, onError: (e) => toastCgFailure('Error updating CG file', null, e) },
      );
    } else {
      create.mutate(
        { type: values.type, ...common },
        { onSuccess, onError: (e) => toastCgFailure('Error creating CG file', null, e) },
      );
    }
  };
  return { submit, pending: create.isPending || update.isPending };
}

function CgFileForm({ state, onDone }: { state: CgFileDialogState; onDone: () => void }) {
  const files = useCgFiles().data;
  const onAirSubheadline = cgText(files, 'subheadline');
  const folder = files?.find((f) => f.outputPath)?.outputPath ?? (state.mode === 'edit' ? state.file.outputPath : null);
  const takeMode = useCgNext().data?.takeMode === true;
  const [initial] = useState<Values>(() => initialValues(state, onAirSubheadline));
  const [values, setValues] = useState<Values>(initial);
  const [contentError, setContentError] = useState<string | null>(null);
  const { submit, pending } = useSubmit(state, takeMode, onDone);
  const { requestClose } = useModalDirty(
    (Object.keys(initial) as (keyof Values)[]).some((k) => values[k] !== initial[k]),
  );
  const withSubheadline = values.type === 'headline';
  const blocked =
    onAirTextProblem(values.type, values.content) !== null ||
    (withSubheadline && onAirTextProblem('subheadline', values.subheadline) !== null);
  const set = (field: keyof Values) => (value: string) => setValues((v) => ({ ...v, [field]: value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const error = values.content.trim() ? null : 'Content is required';
    setContentError(error);
    if (!error && !blocked) submit(values);
  };
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <Select
          label="Type"
          data={[...CG_TYPES]}
          value={values.type}
          onChange={(v) => v && set('type')(v)}
          allowDeselect={false}
          disabled={state.mode === 'edit'}
          comboboxProps={{ withinPortal: true }}
        />
        {/* The rule of the type chosen above: the counter and the fold follow a change of type. */}
        <OnAirTextInput
          key={values.type}
          type={values.type}
          textarea
          label="Content"
          value={values.content}
          onChange={(text) => {
            setContentError(null);
            set('content')(text);
          }}
          autoFocus
        />
        {contentError && (
          <Text size="xs" c="red.5">
            {contentError}
          </Text>
        )}
        {withSubheadline && (
          <OnAirTextInput
            type="subheadline"
            label="Subheadline"
            value={values.subheadline}
            onChange={set('subheadline')}
          />
        )}
        {withSubheadline && (
          <Text size="xs" c="dimmed" mt={-8}>
            Airs with the headline. Left empty, it clears the subheadline on air.
          </Text>
        )}
        {/* Issue 39 point 6: the file's real name and folder, read-only (no per-file name or folder). */}
        <TextInput
          label="File"
          readOnly
          variant="filled"
          value={cgFilePathOf(folder, values.type)}
          description={`Point your graphics program at this file.${folder ? '' : ' It is in the station’s CG folder.'} Each type has one file; an owner or admin moves the folder under Settings → CG Configuration.`}
          data-testid="cg-file-path"
        />
        {takeMode && (
          <Text size="sm" fw={600} c="blue.4" data-testid="cg-file-take-note">
            Take mode is on: this text waits in NEXT and goes on air with Take.
          </Text>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={requestClose}>
            Cancel
          </Button>
          <Button type="submit" loading={pending} disabled={blocked}>
            {takeMode ? 'Stage in NEXT' : state.mode === 'edit' ? 'Update File' : 'Create File'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The file centre's add/edit dialog (docs/product.md §Screens and routes, §Validation). */
export function CgFileDialog({ state, onClose }: { state: CgFileDialogState; onClose: () => void }) {
  const fullScreen = useMediaQuery('(max-width: 36em)');
  const key = state.mode === 'edit' ? `edit-${state.file.id}` : state.mode === 'add' ? `add-${state.type}` : 'closed';
  return (
    <GuardedModal
      opened={state.mode !== 'closed'}
      onClose={onClose}
      title={state.mode === 'edit' ? 'Edit CG File' : 'Add CG File'}
      fullScreen={fullScreen}
    >
      {state.mode !== 'closed' && <CgFileForm key={key} state={state} onDone={onClose} />}
    </GuardedModal>
  );
}
