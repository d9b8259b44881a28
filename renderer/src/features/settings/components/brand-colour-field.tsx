import { ColorInput, Text } from '@mantine/core';
import { WHITE } from '@shared/contrast';
import { HEX_COLOUR, MIN_BRAND_CONTRAST, brandColourProblem, brandContrast } from '@shared/branding';

/** Colours that read well on the dark theme, as quick picks. */
const SWATCHES = [
  '#3b82f6',
  '#22c55e',
  '#eab308',
  '#f97316',
  '#ef4444',
  '#ec4899',
  '#a855f7',
  '#14b8a6',
  '#64748b',
  '#94a3b8',
];

interface BrandColourFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
}

/** A brand colour picker that shows, while picking, whether the colour can be read on the dark page. */
export function BrandColourField({ label, value, onChange }: BrandColourFieldProps) {
  const problem = brandColourProblem(value);
  const measured = HEX_COLOUR.test(value) ? brandContrast(value) : null;
  // The label colour is picked, not chosen: say which one buttons will get (issue 27).
  const help =
    measured === null
      ? null
      : `Contrast ${measured.fill.toFixed(1)}:1 on the dark page (needs at least ${MIN_BRAND_CONTRAST}:1); ${measured.labelColour === WHITE ? 'white' : 'black'} labels on it at ${measured.label.toFixed(1)}:1`;
  return (
    <div>
      <ColorInput
        label={label}
        format="hex"
        swatches={SWATCHES}
        swatchesPerRow={10}
        value={value}
        onChange={onChange}
        error={problem ? `${label} ${problem}` : undefined}
        withEyeDropper={false}
        // Issue 39: the picker opened downwards over Save Branding; above the field it covers only
        // the card's heading. ColorInput keeps its open state to itself and ignores Esc: leaving
        // the field is what closes it, so Esc leaves the field.
        popoverProps={{ position: 'top-start' }}
        onKeyDown={(e) => {
          if (e.key === 'Escape') e.currentTarget.blur();
        }}
      />
      {help && !problem && (
        <Text size="xs" c="dimmed" mt={4} data-testid={`contrast-${label}`}>
          {help}
        </Text>
      )}
    </div>
  );
}
