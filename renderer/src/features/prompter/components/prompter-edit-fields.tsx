import { NumberInput, Select, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import type { Dispatch, SetStateAction } from 'react';
import { PROMPTER_EDIT_RANGES, PROMPTER_FONTS, PROMPTER_LIMITS, PROMPTER_STATUSES } from '@shared/constants';
import { textDirection } from '@/lib/text-direction';
import { PrompterBulletinSelect, PrompterColourInput, SCROLL_SPEED } from './prompter-fields';
import type { EditPrompterValues, PrompterFieldErrors } from './prompter-form-values';

interface Props {
  values: EditPrompterValues;
  errors: PrompterFieldErrors;
  onChange: Dispatch<SetStateAction<EditPrompterValues>>;
}

const STATUS_OPTIONS = PROMPTER_STATUSES.map((s) => ({ value: s, label: s[0]!.toUpperCase() + s.slice(1) }));

/** The fields of Prompter Settings / Edit Prompter (docs/product.md §Validation: edit ranges, Helvetica added). */
export function PrompterEditFields({ values, errors, onChange }: Props) {
  const set = <K extends keyof EditPrompterValues>(field: K, value: EditPrompterValues[K]) =>
    onChange((v) => ({ ...v, [field]: value }));
  const { fontSize, scrollSpeed } = PROMPTER_EDIT_RANGES;
  const { lineSpacing, margin } = PROMPTER_LIMITS;
  return (
    <Stack gap="sm">
      <TextInput
        label="Name"
        required
        dir={textDirection(values.name)}
        maxLength={PROMPTER_LIMITS.name}
        value={values.name}
        onChange={(e) => set('name', e.currentTarget.value)}
        error={errors.name}
        data-autofocus
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <PrompterBulletinSelect value={values.bulletin} onChange={(v) => set('bulletin', v)} />
        <Select
          label="Status"
          data={STATUS_OPTIONS}
          value={values.status}
          onChange={(v) => v && set('status', v)}
          allowDeselect={false}
        />
      </SimpleGrid>
      <SimpleGrid cols={2} spacing="sm">
        <Select
          label="Font family"
          data={[...PROMPTER_FONTS]}
          value={values.fontFamily}
          onChange={(v) => v && set('fontFamily', v)}
          allowDeselect={false}
        />
        <NumberInput
          label="Font size"
          suffix=" px"
          min={fontSize.min}
          max={fontSize.max}
          allowDecimal={false}
          allowNegative={false}
          value={values.fontSize}
          onChange={(v) => set('fontSize', v)}
          error={errors.fontSize}
        />
      </SimpleGrid>
      {/* Full width: its hint would push a neighbour in the grid out of line. */}
      <NumberInput
        label={SCROLL_SPEED.label}
        description={SCROLL_SPEED.hint}
        suffix={SCROLL_SPEED.unit}
        min={scrollSpeed.min}
        max={scrollSpeed.max}
        allowDecimal={false}
        allowNegative={false}
        value={values.scrollSpeed}
        onChange={(v) => set('scrollSpeed', v)}
        error={errors.scrollSpeed}
      />
      <SimpleGrid cols={3} spacing="sm">
        <NumberInput
          label="Line spacing"
          min={lineSpacing.min}
          max={lineSpacing.max}
          step={0.1}
          decimalScale={2}
          allowNegative={false}
          value={values.lineSpacing}
          onChange={(v) => set('lineSpacing', v)}
          error={errors.lineSpacing}
        />
        <NumberInput
          label="Top margin"
          suffix=" px"
          min={0}
          max={margin}
          allowDecimal={false}
          allowNegative={false}
          value={values.marginTop}
          onChange={(v) => set('marginTop', v)}
          error={errors.marginTop}
        />
        <NumberInput
          label="Bottom margin"
          suffix=" px"
          min={0}
          max={margin}
          allowDecimal={false}
          allowNegative={false}
          value={values.marginBottom}
          onChange={(v) => set('marginBottom', v)}
          error={errors.marginBottom}
        />
      </SimpleGrid>
      <SimpleGrid cols={2} spacing="sm">
        <PrompterColourInput
          label="Background colour"
          value={values.backgroundColor}
          onChange={(v) => set('backgroundColor', v)}
          error={errors.backgroundColor}
        />
        <PrompterColourInput
          label="Text colour"
          value={values.textColor}
          onChange={(v) => set('textColor', v)}
          error={errors.textColor}
        />
      </SimpleGrid>
      <Stack gap="xs" mt={4}>
        <Switch
          label="High contrast"
          description="White text on black while reading"
          checked={values.isHighContrast}
          onChange={(e) => set('isHighContrast', e.currentTarget.checked)}
        />
        <Switch
          label="Auto-scroll"
          checked={values.isAutoScroll}
          onChange={(e) => set('isAutoScroll', e.currentTarget.checked)}
        />
        <Switch
          label="Live editing"
          description="Editors may change the script while it is being read"
          checked={values.enableLiveEditing}
          onChange={(e) => set('enableLiveEditing', e.currentTarget.checked)}
        />
      </Stack>
    </Stack>
  );
}
