import { Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState, type FormEvent } from 'react';
import { CG_TYPES, DEFAULT_CG_OUTPUT_PATH } from '@shared/constants';
import type { CgFile, CgType } from '@shared/contracts/cg-files';
import { onAirTextProblem } from '@shared/on-air-rules';
import { GuardedModal, useModalDirty } from '@/lib/unsaved-guard';
import { useCreateCgFile } from '../api/create-cg-file';
import { useUpdateCgFile } from '../api/update-cg-file';
import { toastCgFailure, toastCgUpdated } from '../cg-toast';
import { OnAirTextInput } from './on-air-text-input';

export type CgFileDialogState = { mode: 'closed' } | { mode: 'add'; type: CgType } | { mode: 'edit'; file: CgFile };

interface Values {
  type: CgType;
  content: string;
  fileName: string;
  outputPath: string;
}

function initialValues(state: CgFileDialogState): Values {
  if (state.mode === 'edit') {
    const { file } = state;
    return { type: file.type as CgType, content: file.content, fileName: file.fileName ?? '', outputPath: file.outputPath ?? '' };
  }
  return { type: state.mode === 'add' ? state.type : 'headline', content: '', fileName: '', outputPath: '' };
}

/** Blank optional fields are left out: the server names the file itself and uses the default path. */
function optional(text: string): string | undefined {
  return text.trim() || undefined;
}

function useSubmit(state: CgFileDialogState, onDone: () => void) {
  const create = useCreateCgFile();
  const update = useUpdateCgFile();
  const submit = (values: Values) => {
    const common = { content: values.content, fileName: optional(values.fileName), outputPath: optional(values.outputPath) };
    const onSuccess = () => {
      toastCgUpdated(values.type);
      onDone();
    };
    if (state.mode === 'edit') {
      update.mutate({ id: state.file.id, changes: common }, { onSuccess, onError: (e) => toastCgFailure('Error updating CG file', null, e) });
    } else {
      create.mutate({ type: values.type, ...common }, { onSuccess, onError: (e) => toastCgFailure('Error creating CG file', null, e) });
    }
  };
  return { submit, pending: create.isPending || update.isPending };
}

function CgFileForm({ state, onDone }: { state: CgFileDialogState; onDone: () => void }) {
  const [values, setValues] = useState<Values>(() => initialValues(state));
  const [contentError, setContentError] = useState<string | null>(null);
  const { submit, pending } = useSubmit(state, onDone);
  const initial = initialValues(state);
  const { requestClose } = useModalDirty(values.content !== initial.content || values.fileName !== initial.fileName || values.outputPath !== initial.outputPath);
  const set = (field: keyof Values) => (value: string) => setValues((v) => ({ ...v, [field]: value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const error = values.content.trim() ? null : 'Content is required';
    setContentError(error);
    if (!error && onAirTextProblem(values.type, values.content) === null) submit(values);
  };
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <Select label="Type" data={[...CG_TYPES]} value={values.type} onChange={(v) => v && set('type')(v)} allowDeselect={false} disabled={state.mode === 'edit'} comboboxProps={{ withinPortal: true }} />
        {/* The rule of the type chosen above: the counter and the fold follow a change of type. */}
        <OnAirTextInput key={values.type} type={values.type} textarea label="Content" value={values.content} onChange={(text) => { setContentError(null); set('content')(text); }} autoFocus />
        {contentError && (
          <Text size="xs" c="red.5">
            {contentError}
          </Text>
        )}
        <TextInput label="File Name" description="Optional: generated from the type when empty" value={values.fileName} onChange={(e) => set('fileName')(e.currentTarget.value)} />
        <TextInput label="Output Path" description="Optional" placeholder={DEFAULT_CG_OUTPUT_PATH} value={values.outputPath} onChange={(e) => set('outputPath')(e.currentTarget.value)} />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={requestClose}>
            Cancel
          </Button>
          <Button type="submit" loading={pending} disabled={onAirTextProblem(values.type, values.content) !== null}>
            {state.mode === 'edit' ? 'Update File' : 'Create File'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The file centre's add/edit dialog (spec 000 §2, §5). */
export function CgFileDialog({ state, onClose }: { state: CgFileDialogState; onClose: () => void }) {
  const fullScreen = useMediaQuery('(max-width: 36em)');
  const key = state.mode === 'edit' ? `edit-${state.file.id}` : state.mode === 'add' ? `add-${state.type}` : 'closed';
  return (
    <GuardedModal opened={state.mode !== 'closed'} onClose={onClose} title={state.mode === 'edit' ? 'Edit CG File' : 'Add CG File'} fullScreen={fullScreen}>
      {state.mode !== 'closed' && <CgFileForm key={key} state={state} onDone={onClose} />}
    </GuardedModal>
  );
}
