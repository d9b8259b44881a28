import { Button, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { showToast } from '@/lib/toast';
import { EmergencyBar } from '@/components/cg/emergency-bar';
import { useCgPush } from '@/lib/cg/use-cg-push';
import { useEmergencyConfirm } from '@/lib/cg/use-emergency-confirm';
import { useCurrentUser } from '@/lib/session-store';
import { takeNote } from '../take-note';
import { CgStatusList } from './cg-status-list';
import { PhoneNext } from './phone-next';

/**
 * CG Control tab (docs/product.md §Screens and routes, §Validation, §Error texts): headline and subheadline in ONE update-direct, so they
 * change on air together; the shared push path checks the on-air rules and sends once.
 * An empty subheadline is sent too: it clears the previous story's line. In take mode the text
 * waits in NEXT, shown right under the form with Take for those allowed (issue 38).
 */
export function CgControlTab({ role }: { role: string }) {
  const [headline, setHeadline] = useState('');
  const [subheadline, setSubheadline] = useState('');
  const cg = useCgPush();
  const confirmOnAir = useEmergencyConfirm();
  const blank = !headline.trim();
  const note = takeNote(useCurrentUser());
  // In take mode the phone stages: the toast points at NEXT below, not at a key the phone has not got.
  const stagedWords = note.canTake ? 'Headline in NEXT — not on air until Take (below).' : note.text;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (cg.pending) return;
    if (blank) {
      showToast('Error', 'Please enter a headline', 'red');
      return;
    }
    // During an emergency the phone asks first, as every screen that sends to air does.
    confirmOnAir(`Headline: ${headline.trim()}`, () =>
      cg.push(
        { type: 'headline', content: headline, subheadline },
        { success: 'CG text files updated successfully', failure: 'Failed to update CG files', staged: stagedWords },
      ),
    );
  };

  return (
    <Stack gap="md">
      <div>
        <Title order={2} size="h4">
          CG Control
        </Title>
        <Text size="sm" c="dimmed">
          Update live broadcast graphics
        </Text>
        <Text size="sm" data-testid="mobile-cg-role">
          Role: {role}
        </Text>
      </div>
      <EmergencyBar />
      <Paper withBorder radius="md" p="sm">
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <TextInput
              label="Headline"
              required
              dir="auto"
              value={headline}
              onChange={(e) => setHeadline(e.currentTarget.value)}
            />
            <TextInput
              label="Subheadline"
              dir="auto"
              value={subheadline}
              onChange={(e) => setSubheadline(e.currentTarget.value)}
            />
            <Button type="submit" fullWidth disabled={blank || cg.pending}>
              {cg.pending ? 'Updating...' : 'Update CG'}
            </Button>
          </Stack>
        </form>
      </Paper>
      <PhoneNext />
      <CgStatusList />
    </Stack>
  );
}
