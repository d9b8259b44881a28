import {
  Button,
  ColorInput,
  Group,
  NumberInput,
  Select,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  OVERLAY_ANIMATIONS,
  OVERLAY_LABEL_MAX,
  OVERLAY_LIMITS,
  overlayLayoutSchema,
  type OverlayLayout,
  type VersionedOverlayLayout,
} from '@shared/contracts/overlay';
import type { VersionConflict } from '@shared/contracts/common';
import { ConflictNotice } from '@/lib/conflict-notice';
import { versionConflictOf } from '@/lib/version-conflict';
import { errorMessage } from '@/lib/api-client';
import { useUnsavedGuard } from '@/lib/unsaved-guard';
import { showToast } from '@/lib/toast';
import { setOverlayLayoutData, useSaveOverlayLayout } from '../api/save-overlay-layout';

interface OverlayLayoutFormProps {
  saved: OverlayLayout;
  draft: OverlayLayout;
  /** The layout version the draft started from: a save names it, and a newer one on the server is a conflict (issue 26). */
  version: number;
  onChange: (draft: OverlayLayout) => void;
  /** The draft now starts from `version` (after a save, or after loading the other admin's layout). */
  onVersion: (version: number) => void;
}

/** The overlay's own words, in the station's language (Thaana reads right to left as typed). */
const LABEL_FIELDS = [
  ['breakingLabel', 'Breaking label', 'Before the breaking text'],
  ['tickerLabel', 'Ticker label', 'At the start of the crawler'],
  ['emergencyLabel', 'Emergency label', 'Above the emergency text'],
] as const;

const ANIMATION_LABELS: Record<(typeof OVERLAY_ANIMATIONS)[number], string> = {
  slide: 'Slide',
  fade: 'Fade',
  cut: 'Cut (no animation)',
};

/** A SegmentedControl under a visible label that names it (the choices alone do not say what they set). */
function Segments<T extends string>(props: {
  id: string;
  label: string;
  value: T;
  onChange: (value: T) => void;
  data: Array<{ value: T; label: string }>;
}) {
  return (
    <div>
      <Text size="sm" fw={500} mb={4} id={props.id}>
        {props.label}
      </Text>
      <SegmentedControl
        fullWidth
        aria-labelledby={props.id}
        value={props.value}
        onChange={props.onChange}
        data={props.data}
      />
    </div>
  );
}

/** Field → message, from the same contract the server parses with. */
function fieldErrors(draft: OverlayLayout): Partial<Record<keyof OverlayLayout, string>> {
  const result = overlayLayoutSchema.safeParse(draft);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [String(i.path[0]), i.message]));
}

/** The per-station layout (issue 25): position, safe area, colours, font size, ticker, animation, clock. */
export function OverlayLayoutForm({ saved, draft, version, onChange, onVersion }: OverlayLayoutFormProps) {
  const save = useSaveOverlayLayout();
  const queryClient = useQueryClient();
  const [conflict, setConflict] = useState<VersionConflict<VersionedOverlayLayout> | null>(null);
  const errors = fieldErrors(draft);
  const dirty = JSON.stringify(saved) !== JSON.stringify(draft);
  // Leaving with unsaved layout changes asks first, as the branding card does.
  useUnsavedGuard(dirty);
  const set = <K extends keyof OverlayLayout>(field: K, value: OverlayLayout[K]) =>
    onChange({ ...draft, [field]: value });
  const num = (field: 'safeArea' | 'fontSize' | 'tickerSpeed') => (value: number | string) =>
    set(field, typeof value === 'number' ? value : Number.NaN);

  const submit = (from = version) => {
    const parsed = overlayLayoutSchema.safeParse(draft);
    if (!parsed.success) return;
    setConflict(null);
    save.mutate(
      { ...parsed.data, version: from },
      {
        onSuccess: (result) => {
          onVersion(result.version);
          showToast('Layout saved', 'Every overlay of the station shows it now.', 'green');
        },
        onError: (error) => {
          const stale = versionConflictOf<VersionedOverlayLayout>(error);
          if (stale) setConflict(stale);
          else showToast('Could not save the layout', errorMessage(error, 'Failed to save the overlay layout'), 'red');
        },
      },
    );
  };
  // Another admin saved first: their layout into the form (and the page), or ours over it.
  const loadTheirs = () => {
    if (!conflict) return;
    const { version: theirs, ...layout } = conflict.current;
    setOverlayLayoutData(queryClient, conflict.current);
    onChange(layout);
    onVersion(theirs);
    setConflict(null);
  };

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      aria-label="Overlay layout"
    >
      <Stack gap="sm">
        {conflict && (
          <ConflictNotice
            conflict={conflict}
            record="overlay layout"
            pending={save.isPending}
            onLoadTheirs={loadTheirs}
            onOverwrite={() => submit(conflict.current.version)}
          />
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Segments
            id="overlay-align-label"
            label="Position"
            value={draft.align}
            onChange={(v) => set('align', v)}
            data={[
              { value: 'left', label: 'Left' },
              { value: 'center', label: 'Centre' },
              { value: 'right', label: 'Right' },
            ]}
          />
          <Segments
            id="overlay-ticker-label"
            label="Ticker"
            value={draft.tickerPosition}
            onChange={(v) => set('tickerPosition', v)}
            data={[
              { value: 'bottom', label: 'Bottom' },
              { value: 'top', label: 'Top' },
            ]}
          />
          <NumberInput
            label="Safe area (%)"
            description="5 % is EBU graphics-safe"
            min={OVERLAY_LIMITS.safeArea.min}
            max={OVERLAY_LIMITS.safeArea.max}
            value={draft.safeArea}
            onChange={num('safeArea')}
            error={errors.safeArea}
            allowDecimal={false}
          />
          <NumberInput
            label="Font size (px)"
            description="Headline size at 1080 lines"
            min={OVERLAY_LIMITS.fontSize.min}
            max={OVERLAY_LIMITS.fontSize.max}
            value={draft.fontSize}
            onChange={num('fontSize')}
            error={errors.fontSize}
            allowDecimal={false}
          />
          <NumberInput
            label="Ticker speed (px/s)"
            description="About 120 reads comfortably"
            min={OVERLAY_LIMITS.tickerSpeed.min}
            max={OVERLAY_LIMITS.tickerSpeed.max}
            value={draft.tickerSpeed}
            onChange={num('tickerSpeed')}
            error={errors.tickerSpeed}
            allowDecimal={false}
          />
          <Select
            label="Animation"
            description="How elements come on and go off"
            data={OVERLAY_ANIMATIONS.map((a) => ({ value: a, label: ANIMATION_LABELS[a] }))}
            value={draft.animation}
            onChange={(v) => v && set('animation', v)}
            allowDeselect={false}
          />
          <ColorInput
            label="Accent colour"
            format="hex"
            value={draft.accentColor}
            onChange={(v) => set('accentColor', v)}
            error={errors.accentColor}
            withEyeDropper={false}
          />
          <ColorInput
            label="Bar colour"
            format="hex"
            value={draft.barColor}
            onChange={(v) => set('barColor', v)}
            error={errors.barColor}
            withEyeDropper={false}
          />
          <ColorInput
            label="Text colour"
            format="hex"
            value={draft.textColor}
            onChange={(v) => set('textColor', v)}
            error={errors.textColor}
            withEyeDropper={false}
          />
          <Switch
            label="Show the clock (station time zone)"
            checked={draft.showClock}
            onChange={(e) => set('showClock', e.currentTarget.checked)}
            mt={{ base: 0, sm: 'lg' }}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          {LABEL_FIELDS.map(([field, label, description]) => (
            <TextInput
              key={field}
              label={label}
              description={description}
              dir="auto"
              maxLength={OVERLAY_LABEL_MAX}
              value={draft[field]}
              onChange={(e) => set(field, e.currentTarget.value)}
              error={errors[field]}
            />
          ))}
        </SimpleGrid>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" disabled={!dirty || save.isPending} onClick={() => onChange(saved)}>
            Undo changes
          </Button>
          <Button type="submit" loading={save.isPending} disabled={!dirty || Object.keys(errors).length > 0}>
            Save layout
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
