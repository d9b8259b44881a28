import { Button, Group, Select, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState, type FormEvent } from 'react';
import {
  PROMPTER_CREATE_FONTS,
  PROMPTER_CREATE_RANGES,
  PROMPTER_EDIT_RANGES,
  PROMPTER_LIMITS,
} from '@shared/constants';
import { GuardedModal, useModalDirty } from '@/lib/unsaved-guard';
import { formChanged } from '@/lib/unsaved-registry';
import { textDirection } from '@/lib/text-direction';
import { toastFailure, toastSuccess } from '@/lib/toast';
import { useCreatePrompter } from '../api/prompters';
import { PrompterBulletinSelect, PrompterColourInput, PrompterSliderField, SCROLL_SPEED } from './prompter-fields';
import {
  emptyCreateForm,
  toCreateBody,
  type CreatePrompterValues,
  type PrompterFieldErrors,
} from './prompter-form-values';

interface Props {
  opened: boolean;
  onClose: () => void;
}

/**
 * The speed slider starts at the reader's floor (30 ms), not the API's 10: 10 and 20 read as 30,
 * so on this form every value means what it says (issue 38).
 */
const SPEED_SLIDER = { ...PROMPTER_CREATE_RANGES.scrollSpeed, min: PROMPTER_EDIT_RANGES.scrollSpeed.min };

/** Create New Prompter (docs/product.md §Screens and routes, §Validation): sliders for size and speed, the five create fonts. */
export function PrompterCreateDialog({ opened, onClose }: Props) {
  const fullScreen = useMediaQuery('(max-width: 36em)');
  return (
    <GuardedModal opened={opened} onClose={onClose} title="Create New Prompter" size="lg" fullScreen={fullScreen}>
      {opened && <CreateForm onDone={onClose} />}
    </GuardedModal>
  );
}

function CreateForm({ onDone }: { onDone: () => void }) {
  const [initial] = useState(emptyCreateForm);
  const [values, setValues] = useState<CreatePrompterValues>(initial);
  const [errors, setErrors] = useState<PrompterFieldErrors>({});
  const { requestClose } = useModalDirty(formChanged(initial, values));
  const create = useCreatePrompter();
  const set = <K extends keyof CreatePrompterValues>(field: K, value: CreatePrompterValues[K]) =>
    setValues((v) => ({ ...v, [field]: value }));
  const { fontSize } = PROMPTER_CREATE_RANGES;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = toCreateBody(values);
    setErrors(parsed.ok ? {} : parsed.errors);
    if (!parsed.ok) return;
    create.mutate(parsed.body, {
      onSuccess: () => {
        toastSuccess('Prompter created');
        onDone();
      },
      // Server message first (e.g. 'Bulletin not found' when it was deleted meanwhile).
      onError: (error) => toastFailure('Error', error, 'Failed to create prompter'),
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate>
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
        <PrompterBulletinSelect value={values.bulletin} onChange={(v) => set('bulletin', v)} />
        <PrompterSliderField
          label="Font size"
          unit=" px"
          min={fontSize.min}
          max={fontSize.max}
          step={1}
          value={values.fontSize}
          onChange={(v) => set('fontSize', v)}
        />
        <PrompterSliderField
          label={SCROLL_SPEED.label}
          unit={SCROLL_SPEED.unit}
          description={SCROLL_SPEED.hint}
          min={SPEED_SLIDER.min}
          max={SPEED_SLIDER.max}
          step={SPEED_SLIDER.step}
          ends={['fastest', 'slowest']}
          value={values.scrollSpeed}
          onChange={(v) => set('scrollSpeed', v)}
        />
        <Select
          label="Font family"
          data={[...PROMPTER_CREATE_FONTS]}
          value={values.fontFamily}
          onChange={(v) => v && set('fontFamily', v)}
          allowDeselect={false}
        />
        <SimpleGrid cols={2} spacing="sm">
          <PrompterColourInput
            label="Background colour"
            value={values.backgroundColor}
            onChange={(v) => set('backgroundColor', v)}
          />
          <PrompterColourInput label="Text colour" value={values.textColor} onChange={(v) => set('textColor', v)} />
        </SimpleGrid>
        <Switch
          label="Auto-scroll"
          checked={values.isAutoScroll}
          onChange={(e) => set('isAutoScroll', e.currentTarget.checked)}
        />
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={requestClose}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            Create Prompter
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
