import { Button, Group, SimpleGrid, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBolt, IconHash, IconRadio, IconRefresh, IconSend } from '@tabler/icons-react';
import { DEFAULT_HASHTAG_TEXT, DEFAULT_PROGRAM_LABEL } from '@shared/constants';
import { onAirTextProblem } from '@shared/on-air-rules';
import { useGenerateCrawler } from '@/lib/api/crawler/generate-crawler';
import { useCrawlerContent } from '@/lib/api/crawler/get-crawler-content';
import { GENERATE_SOURCE, generateAfterConfirm } from '@/lib/crawler/generate-confirm';
import { errorMessage } from '@/lib/api-client';
import { toastCgFailure, toastSuccess } from '@/lib/cg/cg-toast';
import { useHeadlineEditor } from '../headline-editor-store';
import { useCgPush } from '@/lib/cg/use-cg-push';
import { CG_FIELDS_ID } from '../keyboard/cg-skip-link';
import { BarTextDialog } from './bar-text-dialog';
import { OnAirTextInput, canAir } from '@/components/cg/on-air-text-input';

function useCrawlerButton() {
  const generate = useGenerateCrawler();
  const ticker = useCrawlerContent();
  const run = () =>
    generateAfterConfirm(ticker.data?.count ?? null, () =>
      generate.mutate(undefined, {
        onSuccess: (res) =>
          toastSuccess('News crawler generated successfully!', `Generated with ${res.newsCount} headlines`),
        onError: (error) => toastCgFailure('Error generating news crawler', errorMessage(error), null),
      }),
    );
  return { run, pending: generate.isPending };
}

/** The two bar dialogs of the control panel (docs/product.md §Screens and routes), alike but for their texts. */
const BARS = [
  {
    type: 'hashtag_bar',
    button: 'Hashtag',
    icon: IconHash,
    title: 'Update Hashtag Bar',
    label: 'Hashtag Text',
    confirm: 'Update Hashtag',
    defaultText: DEFAULT_HASHTAG_TEXT,
  },
  {
    type: 'program_bar',
    button: 'Program',
    icon: IconRadio,
    title: 'Update Program Bar',
    label: 'Program Text',
    confirm: 'Update Program',
    defaultText: DEFAULT_PROGRAM_LABEL,
  },
] as const;

type CgPush = ReturnType<typeof useCgPush>;

function BarButton({ bar, push, pending }: CgPush & { bar: (typeof BARS)[number] }) {
  const [opened, dialog] = useDisclosure(false);
  const Icon = bar.icon;
  return (
    <>
      <Button variant="default" leftSection={<Icon size={16} />} onClick={dialog.open}>
        {bar.button}
      </Button>
      <BarTextDialog
        opened={opened}
        type={bar.type}
        title={bar.title}
        label={bar.label}
        confirmLabel={bar.confirm}
        defaultText={bar.defaultText}
        pending={pending}
        onClose={dialog.close}
        onSubmit={(text) => push({ type: bar.type, content: text }) && dialog.close()}
      />
    </>
  );
}

function BarButtons(cg: CgPush) {
  const crawler = useCrawlerButton();
  return (
    <>
      <Tooltip label={GENERATE_SOURCE}>
        <Button variant="light" leftSection={<IconRefresh size={16} />} onClick={crawler.run} loading={crawler.pending}>
          Generate News Crawler
        </Button>
      </Tooltip>
      {BARS.map((bar) => (
        <BarButton key={bar.type} bar={bar} {...cg} />
      ))}
    </>
  );
}

/** Headline and Subheadline inputs with the buttons that put them (and the bars) on air. */
export function HeadlineEditor() {
  const { headline, subheadline, selected, setHeadline, setSubheadline, breakingFormat } = useHeadlineEditor();
  const cg = useCgPush();
  // The pair the editor shows goes on air together: a blank subheadline clears the old one.
  const headlineOk = canAir('headline', headline) && onAirTextProblem('subheadline', subheadline) === null;
  const submit = () => headlineOk && cg.push({ type: 'headline', content: headline, subheadline });
  // Plain Enter sends the pair; Ctrl+Enter is Take (issue 38), which must not also send the field.
  return (
    <>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
        <OnAirTextInput
          id={CG_FIELDS_ID}
          type="headline"
          label="Headline"
          value={headline}
          onChange={setHeadline}
          onKeyDown={(e) => e.key === 'Enter' && !e.ctrlKey && !e.metaKey && !e.altKey && !e.shiftKey && submit()}
          size="md"
        />
        <OnAirTextInput
          type="subheadline"
          label="Subheadline"
          value={subheadline}
          onChange={setSubheadline}
          size="md"
        />
      </SimpleGrid>
      <Group gap="xs">
        <Button leftSection={<IconSend size={16} />} onClick={submit} disabled={cg.pending || !headlineOk}>
          Headline
        </Button>
        <Button
          leftSection={<IconSend size={16} />}
          onClick={() => cg.push({ type: 'subheadline', content: subheadline })}
          disabled={cg.pending || !canAir('subheadline', subheadline)}
        >
          Subheadline
        </Button>
        <Tooltip label={selected ? `BREAKING NEWS / ${selected.title}` : 'Pick a story with Edit first'}>
          <Button
            variant="light"
            color="orange"
            leftSection={<IconBolt size={16} />}
            onClick={breakingFormat}
            disabled={!selected}
          >
            Breaking Format
          </Button>
        </Tooltip>
        <BarButtons {...cg} />
      </Group>
    </>
  );
}
