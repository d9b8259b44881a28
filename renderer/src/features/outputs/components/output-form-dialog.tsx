import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  MultiSelect,
  NumberInput,
  PasswordInput,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState, type FormEvent } from 'react';
import {
  OUTPUT_KIND_LABELS,
  OUTPUT_KINDS,
  OUTPUTS,
  outputInputSchema,
  type Output,
  type OutputKind,
} from '@shared/contracts/outputs';
import { toastFailure, toastSuccess } from '@/lib/toast';
import { ConflictNotice, useVersionConflict } from '@/lib/conflict-notice';
import { useSaveOutput } from '@/lib/api/outputs/outputs';
import { CG_TYPE_OPTIONS, OutputMappingEditor, type CgTypeName, type MappingRow } from './output-mapping-editor';

interface Props {
  /** null: closed; 'new': Add output; an output: Edit it. */
  editing: Output | 'new' | null;
  onClose: () => void;
}

export function OutputFormDialog({ editing, onClose }: Props) {
  const fullScreen = useMediaQuery('(max-width: 36em)');
  return (
    <Modal
      opened={editing !== null}
      onClose={onClose}
      title={editing === 'new' ? 'Add output' : 'Edit output'}
      fullScreen={fullScreen}
      size="lg"
    >
      {editing !== null && (
        <OutputForm
          key={editing === 'new' ? 'new' : editing.id}
          output={editing === 'new' ? null : editing}
          onDone={onClose}
        />
      )}
    </Modal>
  );
}

/** Every field of every kind, so switching kind on a new output loses nothing typed. */
interface Draft {
  kind: OutputKind;
  name: string;
  enabled: boolean;
  host: string;
  port: number | string;
  channel: number | string;
  layer: number | string;
  template: string;
  types: string[];
  url: string;
  password: string;
  clearPassword: boolean;
  input: string;
  mapping: MappingRow[];
}

function draftOf(o: Output | null): Draft {
  const d: Draft = {
    kind: o?.kind ?? 'casparcg',
    name: o?.name ?? '',
    enabled: o?.enabled ?? true,
    host: '127.0.0.1',
    port: 5250,
    channel: 1,
    layer: 20,
    template: '',
    types: [],
    url: '',
    password: '',
    clearPassword: false,
    input: '',
    mapping: [{ type: 'headline', target: '', scene: '' }],
  };
  if (o?.kind === 'casparcg')
    Object.assign(d, {
      host: o.config.host,
      port: o.config.port,
      channel: o.config.channel,
      layer: o.config.layer,
      template: o.config.template,
      types: o.config.types,
    });
  if (o?.kind === 'obs')
    Object.assign(d, {
      url: o.config.url,
      mapping: o.config.mapping.map((m) => ({ type: m.type, target: m.input, scene: m.scene ?? '' })),
    });
  if (o?.kind === 'vmix')
    Object.assign(d, {
      url: o.config.url,
      input: o.config.input,
      mapping: o.config.mapping.map((m) => ({ type: m.type, target: m.field, scene: '' })),
    });
  return d;
}

function bodyOfDraft(d: Draft, version: number | undefined): unknown {
  const common = { kind: d.kind, name: d.name, enabled: d.enabled, version };
  const rows = d.mapping.map((m) => ({ ...m, type: m.type as CgTypeName }));
  if (d.kind === 'casparcg')
    return {
      ...common,
      config: {
        host: d.host,
        port: Number(d.port),
        channel: Number(d.channel),
        layer: Number(d.layer),
        template: d.template,
        types: d.types,
      },
    };
  if (d.kind === 'obs') {
    // Write-only: empty keeps the stored password; "Remove" sends null.
    const password = d.clearPassword ? null : d.password === '' ? undefined : d.password;
    return {
      ...common,
      config: {
        url: d.url,
        password,
        mapping: rows.map((m) => ({ type: m.type, input: m.target, scene: m.scene.trim() || undefined })),
      },
    };
  }
  return {
    ...common,
    config: { url: d.url, input: d.input, mapping: rows.map((m) => ({ type: m.type, field: m.target })) },
  };
}

type Errors = Record<string, string | undefined>;

function OutputForm({ output, onDone }: { output: Output | null; onDone: () => void }) {
  const [d, setD] = useState<Draft>(() => draftOf(output));
  const [errors, setErrors] = useState<Errors>({});
  const save = useSaveOutput();
  // The version the form started from (issue 26): another owner's save meanwhile is shown, never overwritten.
  const stale = useVersionConflict<Output>(output?.version);
  const set = (patch: Partial<Draft>) => setD((prev) => ({ ...prev, ...patch }));

  const submit = (version: number | undefined) => {
    const parsed = outputInputSchema.safeParse(bodyOfDraft(d, version));
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const key =
          issue.path[0] === 'config'
            ? String(issue.path[1] === 'mapping' ? 'mapping' : issue.path[1])
            : String(issue.path[0]);
        next[key] ??= issue.message;
      }
      return setErrors(next);
    }
    setErrors({});
    save.mutate(
      { id: output?.id ?? null, body: parsed.data },
      {
        onSuccess: () => {
          toastSuccess(output ? 'Output saved' : 'Output added; it connects in a moment');
          onDone();
        },
        onError: stale.onError((error) =>
          toastFailure(output ? 'Failed to save output' : 'Failed to add output', error),
        ),
      },
    );
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit(stale.version);
  };
  const loadTheirs = () => {
    const theirs = stale.resolve();
    if (theirs) setD(draftOf(theirs));
  };
  const overwrite = () => {
    const theirs = stale.resolve();
    if (theirs) submit(theirs.version);
  };

  return (
    <form onSubmit={onSubmit} noValidate data-testid="output-form">
      <Stack gap="sm">
        {stale.conflict && (
          <ConflictNotice
            conflict={stale.conflict}
            record="output"
            pending={save.isPending}
            onLoadTheirs={loadTheirs}
            onOverwrite={overwrite}
          />
        )}
        {!output && (
          <SegmentedControl
            aria-label="Kind"
            value={d.kind}
            onChange={(v) => set({ kind: v })}
            data={OUTPUT_KINDS.map((k) => ({ value: k, label: OUTPUT_KIND_LABELS[k] }))}
          />
        )}
        <TextInput
          label="Name"
          required
          dir="auto"
          maxLength={OUTPUTS.nameMax}
          value={d.name}
          onChange={(e) => set({ name: e.currentTarget.value })}
          error={errors.name}
          data-autofocus
        />
        {d.kind === 'casparcg' && <CasparFields d={d} set={set} errors={errors} />}
        {d.kind !== 'casparcg' && (
          <TextInput
            label={d.kind === 'obs' ? 'WebSocket URL' : 'vMix web controller URL'}
            description={
              d.kind === 'obs'
                ? 'OBS → Tools → WebSocket Server Settings, e.g. ws://192.168.1.20:4455'
                : 'vMix → Settings → Web Controller, e.g. http://192.168.1.30:8088'
            }
            required
            dir="ltr"
            value={d.url}
            onChange={(e) => set({ url: e.currentTarget.value })}
            error={errors.url}
          />
        )}
        {d.kind === 'obs' && (
          <ObsPassword
            d={d}
            set={set}
            passwordSet={output?.kind === 'obs' && output.config.passwordSet}
            error={errors.password}
          />
        )}
        {d.kind === 'vmix' && (
          <TextInput
            label="Title input"
            description="The title's input number, name or key in vMix"
            required
            dir="auto"
            value={d.input}
            onChange={(e) => set({ input: e.currentTarget.value })}
            error={errors.input}
          />
        )}
        {d.kind !== 'casparcg' && (
          <OutputMappingEditor
            rows={d.mapping}
            onChange={(mapping) => set({ mapping })}
            targetLabel={d.kind === 'obs' ? 'Text source' : 'Field'}
            targetHint={
              d.kind === 'obs'
                ? 'Each CG type sets the text of an OBS text source; with a scene, the source is hidden while the text is empty.'
                : 'Each CG type sets a field of the title, e.g. Headline.Text.'
            }
            withScene={d.kind === 'obs'}
            error={errors.mapping}
          />
        )}
        <Switch
          label="Enabled: send CG changes to this output"
          checked={d.enabled}
          onChange={(e) => set({ enabled: e.currentTarget.checked })}
        />
        {Object.keys(errors).length > 0 && (
          <Alert color="red" variant="light" role="alert">
            {Object.values(errors).filter(Boolean)[0]}
          </Alert>
        )}
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            {output ? 'Save' : 'Add output'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

type FieldProps = { d: Draft; set: (patch: Partial<Draft>) => void; errors: Errors };

function CasparFields({ d, set, errors }: FieldProps) {
  return (
    <>
      <Group grow align="flex-start" wrap="wrap">
        <TextInput
          label="Host"
          required
          dir="ltr"
          value={d.host}
          onChange={(e) => set({ host: e.currentTarget.value })}
          error={errors.host}
          miw={160}
        />
        <NumberInput
          label="AMCP port"
          min={1}
          max={65535}
          value={d.port}
          onChange={(v) => set({ port: v })}
          error={errors.port}
          miw={100}
        />
      </Group>
      <Group grow align="flex-start">
        <NumberInput
          label="Channel"
          min={1}
          value={d.channel}
          onChange={(v) => set({ channel: v })}
          error={errors.channel}
        />
        <NumberInput label="Layer" min={1} value={d.layer} onChange={(v) => set({ layer: v })} error={errors.layer} />
      </Group>
      <TextInput
        label="Template"
        description="As CasparCG names it, e.g. cgbridge/lower-third"
        required
        dir="ltr"
        value={d.template}
        onChange={(e) => set({ template: e.currentTarget.value })}
        error={errors.template}
      />
      <MultiSelect
        label="CG types in the template"
        description="Sent as template data fields named after the types; none chosen: every type"
        data={CG_TYPE_OPTIONS}
        value={d.types}
        onChange={(types) => set({ types })}
        searchable
        clearable
      />
    </>
  );
}

function ObsPassword({
  d,
  set,
  passwordSet,
  error,
}: {
  d: Draft;
  set: (patch: Partial<Draft>) => void;
  passwordSet: boolean;
  error?: string;
}) {
  return (
    <Stack gap={4}>
      <PasswordInput
        label="WebSocket server password"
        description={
          passwordSet
            ? 'A password is set. Leave empty to keep it.'
            : 'Not set. Enter it if OBS asks for authentication.'
        }
        value={d.password}
        disabled={d.clearPassword}
        onChange={(e) => set({ password: e.currentTarget.value })}
        error={error}
        autoComplete="new-password"
      />
      {passwordSet && (
        <Checkbox
          label="Remove the stored password"
          checked={d.clearPassword}
          onChange={(e) => set({ clearPassword: e.currentTarget.checked })}
        />
      )}
      <Text size="xs" c="dimmed">
        The password is stored on the server and never shown again.
      </Text>
    </Stack>
  );
}
