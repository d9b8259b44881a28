import { Button, Group, SimpleGrid } from '@mantine/core';
import { useState } from 'react';
import { DEFAULT_BRANDING, brandColourProblem } from '@shared/branding';
import type { Branding } from '@shared/contracts/settings';
import { errorMessage } from '@/lib/api-client';
import { showToast } from '@/lib/toast';
import { useUnsavedGuard } from '@/lib/unsaved-guard';
import { useVersionedSettingsSave } from '../hooks/use-versioned-settings-save';
import { BrandColourField } from './brand-colour-field';
import { BrandPreview } from './brand-preview';
import { SettingsSection } from '@/components/settings-section';

/** The changed colours only (PUT /api/settings is partial, and so is its branding). */
function changedColours(saved: Branding, values: Branding): Partial<Branding> {
  const changes: Partial<Branding> = {};
  if (values.primaryColor.toLowerCase() !== saved.primaryColor.toLowerCase())
    changes.primaryColor = values.primaryColor;
  if (values.secondaryColor.toLowerCase() !== saved.secondaryColor.toLowerCase())
    changes.secondaryColor = values.secondaryColor;
  return changes;
}

/** Branding: the company's primary and secondary colours; every open screen restyles on save. */
export function BrandingCard({ branding, version }: { branding: Branding; version: number }) {
  const [draft, setDraft] = useState<Partial<Branding>>({});
  const values: Branding = { ...branding, ...draft };
  const changes = changedColours(branding, values);
  const dirty = Object.keys(changes).length > 0;
  const invalid =
    brandColourProblem(values.primaryColor) !== null || brandColourProblem(values.secondaryColor) !== null;
  useUnsavedGuard(dirty);
  const save = useVersionedSettingsSave(version, () => setDraft({}));

  const submit = () =>
    save.mutate(
      { branding: changes },
      {
        onSuccess: () => {
          setDraft({});
          showToast('Success', 'Branding updated: every open screen uses the new colours', 'green');
        },
        onError: (error) => showToast('Failed to update settings', errorMessage(error), 'red'),
      },
    );

  return (
    <SettingsSection
      title="Branding"
      description="Your station's colours across the app, for everyone in the company"
      testId="settings-branding"
    >
      {save.notice}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <BrandColourField
          label="Primary colour"
          value={values.primaryColor}
          onChange={(v) => setDraft((d) => ({ ...d, primaryColor: v }))}
        />
        <BrandColourField
          label="Secondary colour"
          value={values.secondaryColor}
          onChange={(v) => setDraft((d) => ({ ...d, secondaryColor: v }))}
        />
      </SimpleGrid>
      <BrandPreview primary={values.primaryColor} secondary={values.secondaryColor} />
      <Group gap="xs">
        <Button onClick={submit} loading={save.isPending} disabled={!dirty || invalid}>
          Save Branding
        </Button>
        <Button variant="default" onClick={() => setDraft({ ...DEFAULT_BRANDING })}>
          Reset to defaults
        </Button>
      </Group>
    </SettingsSection>
  );
}
