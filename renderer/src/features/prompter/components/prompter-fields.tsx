import { ColorInput, Group, Input, Select, Slider, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { useBulletins } from '@/lib/api/bulletins/get-bulletins';
import { NO_BULLETIN } from './prompter-form-values';

/** Prompter colours are for reading: black, white, and the usual high-visibility picks. */
const SWATCHES = ['#000000', '#ffffff', '#1a1a1a', '#ffff00', '#00ff00', '#00ffff', '#0000ff', '#ff0000'];

/**
 * 'Bulletin' with a 'No bulletin' option. A linked bulletin missing from the list (not loaded
 * yet) still shows as 'Bulletin #{id}', never as an empty box.
 */
export function PrompterBulletinSelect({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const bulletins = useBulletins();
  const options = [
    { value: NO_BULLETIN, label: 'No bulletin' },
    ...(bulletins.data ?? []).map((b) => ({ value: String(b.id), label: `${b.title} (#${b.id})` })),
  ];
  if (!options.some((o) => o.value === value)) options.push({ value, label: `Bulletin #${value}` });
  return (
    <Select
      label="Bulletin"
      data={options}
      value={value}
      onChange={(v) => onChange(v ?? NO_BULLETIN)}
      allowDeselect={false}
      searchable
      nothingFoundMessage="No bulletins"
      comboboxProps={{ withinPortal: true }}
    />
  );
}

interface ColourProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
}

export function PrompterColourInput({ label, value, onChange, error }: ColourProps) {
  return (
    <ColorInput
      label={label}
      format="hex"
      swatches={SWATCHES}
      swatchesPerRow={8}
      value={value}
      onChange={onChange}
      error={error}
      withEyeDropper={false}
    />
  );
}

/**
 * Scroll speed has one meaning and one unit in both dialogs (issue 38): milliseconds per step of
 * the reader (shared/constants.ts PROMPTER_PX_PER_STEP), lower is faster — as the reader's own
 * speed buttons show it ("50 ms").
 */
export const SCROLL_SPEED = {
  label: 'Scroll speed',
  unit: ' ms',
  hint: 'Milliseconds per step: lower is faster (recommended 100 to 150)',
} as const;

interface SliderFieldProps {
  label: string;
  /** Printed after every number, e.g. ' px' (with its space). */
  unit: string;
  description?: string;
  min: number;
  max: number;
  step: number;
  value: number;
  onChange: (value: number) => void;
  /** Words after the end numbers, e.g. ['fastest', 'slowest'] where lower is faster. */
  ends?: readonly [string, string];
}

/** A labelled slider that also prints its value, since the thumb label only shows while dragging. */
export function PrompterSliderField({
  label,
  unit,
  description,
  min,
  max,
  step,
  value,
  onChange,
  ends,
}: SliderFieldProps) {
  const id = useId();
  const end = (n: number, word: string | undefined) => `${n}${unit}${word ? ` · ${word}` : ''}`;
  return (
    <Stack gap={4}>
      {/* Input.Label: the same look as the other fields' labels. */}
      <Input.Label id={id}>
        {label}: {value}
        {unit}
      </Input.Label>
      {description && <Input.Description mt={-4}>{description}</Input.Description>}
      <Slider
        min={min}
        max={max}
        step={step}
        value={value}
        onChange={onChange}
        thumbLabel={label}
        aria-labelledby={id}
        label={(v) => `${v}${unit}`}
      />
      {/* The ends as plain text: Mantine's mark labels centre on the end and spill past the edge. */}
      <Group justify="space-between" gap="xs">
        <Text size="xs" c="dimmed">
          {end(min, ends?.[0])}
        </Text>
        <Text size="xs" c="dimmed">
          {end(max, ends?.[1])}
        </Text>
      </Group>
    </Stack>
  );
}
