import { Alert, Center, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import type { OverlayLayout, OverlayOutput } from '@shared/contracts/overlay';
import { can } from '@shared/roles';
import { PageTitle } from '@/app/page-title';
import { errorMessage } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/session-store';
import { SettingsSection } from '@/components/settings-section';
import { useOverlayOutput } from '../api/get-overlay-output';
import { AirTallyCard } from '../components/air-tally-card';
import { OverlayLayoutForm } from '../components/overlay-layout-form';
import { OverlayPreview } from '../components/overlay-preview';
import { OverlayUrlCard } from '../components/overlay-url-card';
import { OutputList } from '../components/output-list';

const DESCRIPTION = 'Where CG text goes: the HTML overlay, and CasparCG, OBS and vMix driven directly';

function NoAccess() {
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconLock size={18} />}
      title="You do not have access"
      data-testid="outputs-no-access"
    >
      <Text size="sm">Only owners and admins can see the overlay address, change its layout and manage outputs.</Text>
    </Alert>
  );
}

/** Layout form and live preview side by side on a desk, stacked on a phone. */
function LayoutSection({ output }: { output: OverlayOutput }) {
  const [draft, setDraft] = useState<OverlayLayout>(output.layout);
  const [base, setBase] = useState<OverlayLayout>(output.layout);
  // The version the draft's edits started from: it moves only with the draft (issue 26), so unsaved
  // edits over an older layout meet a conflict instead of silently replacing the newer one.
  const [version, setVersion] = useState(output.layoutVersion);
  // Saved elsewhere (another admin, or our own save): follow it unless there are unsaved edits.
  // Adjusted while rendering (React's pattern for state derived from a changed prop), not in an effect.
  if (base !== output.layout) {
    setBase(output.layout);
    if (JSON.stringify(draft) === JSON.stringify(base)) {
      setDraft(output.layout);
      setVersion(output.layoutVersion);
    }
  }
  return (
    <SettingsSection
      title="Layout"
      description="Position, safe area, colours, font size, ticker speed and animation of this station's overlay."
      testId="overlay-layout-card"
    >
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <OverlayLayoutForm
          saved={output.layout}
          draft={draft}
          version={version}
          onChange={setDraft}
          onVersion={setVersion}
        />
        <OverlayPreview path={output.path} layout={draft} />
      </SimpleGrid>
    </SettingsSection>
  );
}

/** /outputs (issue 25): owners and admins. */
export default function OutputsPage() {
  const actor = useCurrentUser();
  const canManage = can(actor, 'settings.manage');
  const output = useOverlayOutput(canManage);
  return (
    <Stack gap="md" maw={1280}>
      <PageTitle title="Outputs" description={DESCRIPTION} />
      {/* /outputs is owners' and admins' page (the menu offers it to no one else): those without it
          are told so without a read. Operators read the same tally on CG Control. */}
      {canManage && <AirTallyCard />}
      {!canManage && <NoAccess />}
      {canManage && output.isPending && (
        <Center py="xl">
          <Loader size="sm" aria-label="Loading outputs" />
        </Center>
      )}
      {output.error && (
        <Alert color="red" title="Could not load the overlay settings">
          {errorMessage(output.error, 'Failed to load the overlay settings')}
        </Alert>
      )}
      {output.data && (
        <>
          <OverlayUrlCard output={output.data} onAsk={() => void output.refetch()} />
          <LayoutSection output={output.data} />
        </>
      )}
      {canManage && <OutputList />}
    </Stack>
  );
}
