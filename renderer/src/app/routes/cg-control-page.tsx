import { SimpleGrid, Stack } from '@mantine/core';
import { PageTitle } from '@/app/page-title';
import { AirTallyCard } from '@/features/outputs/components/air-tally-card';
import { NewsCrawlerDisplay } from '@/features/crawler/components/news-crawler-display';
import { NewsCrawlerPanel } from '@/features/crawler/components/news-crawler-panel';
import { CgControlPanel } from '@/features/cg-control/components/cg-control-panel';
import { CgFileCentre } from '@/features/cg-control/components/cg-file-centre';
import { CgPreviewPanel } from '@/features/cg-control/components/cg-preview-panel';
import { EmergencyBar } from '@/components/cg/emergency-bar';
import { CgWriteFailureBanner } from '@/features/cg-control/components/cg-write-failure-banner';
import { can } from '@shared/roles';
import { useCurrentUser } from '@/lib/session-store';
import { CgSkipLink } from '@/features/cg-control/keyboard/cg-skip-link';
import { useEscapeLeavesField } from '@/features/cg-control/keyboard/use-escape-leaves-field';

/**
 * CG Control (docs/product.md §Screens and routes): control panel, the crawler, the file centre. The preview / live
 * bulletin mode sits right under the control panel: both decide what goes to air next.
 */
export default function CgControlPage() {
  // Keyboard (issue 38): a skip link to the fields, and Escape leaves a field for NEXT.
  useEscapeLeavesField();
  const canWrite = can(useCurrentUser(), 'cg.write');
  return (
    <Stack gap="md">
      {canWrite && <CgSkipLink />}
      <PageTitle title="CG Control" description="What you send here goes on air." />
      <EmergencyBar />
      <CgWriteFailureBanner />
      <CgControlPanel />
      {/* What each output last confirmed on program (issue 38). */}
      <AirTallyCard />
      <CgPreviewPanel />
      <SimpleGrid cols={{ base: 1, xl: 2 }} spacing="md">
        <NewsCrawlerPanel />
        <NewsCrawlerDisplay />
      </SimpleGrid>
      <CgFileCentre />
    </Stack>
  );
}
