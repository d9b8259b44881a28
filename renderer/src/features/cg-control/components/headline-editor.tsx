import { Button, Group, SimpleGrid, TextInput, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBolt, IconHash, IconRadio, IconRefresh, IconSend } from '@tabler/icons-react';
import { DEFAULT_HASHTAG_TEXT, DEFAULT_PROGRAM_LABEL } from '@shared/constants';
import { useGenerateCrawler } from '@/features/crawler/api/generate-crawler';
import { errorMessage } from '@/lib/api-client';
import { toastCgFailure, toastSuccess } from '../cg-toast';
import { useHeadlineEditor } from '../headline-editor-store';
import { useCgPush } from '../hooks/use-cg-push';
import { BarTextDialog } from './bar-text-dialog';

function useCrawlerButton() {
  const generate = useGenerateCrawler();
  const run = () =>
    generate.mutate(undefined, {
      onSuccess: (res) => toastSuccess('News crawler generated successfully!', `Generated with ${res.newsCount} headlines`),
      onError: (error) => toastCgFailure('Error generating news crawler', errorMessage(error), null),
    });
  return { run, pending: generate.isPending };
}

function BarButtons({ push, pending }: ReturnType<typeof useCgPush>) {
  const [hashtagOpen, hashtag] = useDisclosure(false);
  const [programOpen, program] = useDisclosure(false);
  const crawler = useCrawlerButton();
  return (
    <>
      <Button variant="light" leftSection={<IconRefresh size={16} />} onClick={crawler.run} loading={crawler.pending}>
        Generate News Crawler
      </Button>
      <Button variant="default" leftSection={<IconHash size={16} />} onClick={hashtag.open}>
        Hashtag
      </Button>
      <Button variant="default" leftSection={<IconRadio size={16} />} onClick={program.open}>
        Program
      </Button>
      <BarTextDialog
        opened={hashtagOpen}
        title="Update Hashtag Bar"
        label="Hashtag Text"
        confirmLabel="Update Hashtag"
        defaultText={DEFAULT_HASHTAG_TEXT}
        pending={pending}
        onClose={hashtag.close}
        onSubmit={(text) => push({ type: 'hashtag_bar', content: text }) && hashtag.close()}
      />
      <BarTextDialog
        opened={programOpen}
        title="Update Program Bar"
        label="Program Text"
        confirmLabel="Update Program"
        defaultText={DEFAULT_PROGRAM_LABEL}
        pending={pending}
        onClose={program.close}
        onSubmit={(text) => push({ type: 'program_bar', content: text }) && program.close()}
      />
    </>
  );
}

/** Headline and Subheadline inputs with the buttons that put them (and the bars) on air. */
export function HeadlineEditor() {
  const { headline, subheadline, selected, setHeadline, setSubheadline, breakingFormat } = useHeadlineEditor();
  const cg = useCgPush();
  const submit = () => cg.push({ type: 'headline', content: headline });
  return (
    <>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
        <TextInput
          label="Headline"
          value={headline}
          onChange={(e) => setHeadline(e.currentTarget.value)}
          onKeyDown={(e) => e.key === 'Enter' && submit()}
          dir="auto"
          size="md"
        />
        <TextInput label="Subheadline" value={subheadline} onChange={(e) => setSubheadline(e.currentTarget.value)} dir="auto" size="md" />
      </SimpleGrid>
      <Group gap="xs">
        <Button leftSection={<IconSend size={16} />} onClick={submit} disabled={cg.pending || !headline.trim()}>
          Headline
        </Button>
        <Button leftSection={<IconSend size={16} />} onClick={() => cg.push({ type: 'subheadline', content: subheadline })} disabled={cg.pending || !subheadline.trim()}>
          Subheadline
        </Button>
        <Tooltip label={selected ? `BREAKING NEWS / ${selected.title}` : 'Pick a story with Edit first'}>
          <Button variant="light" color="orange" leftSection={<IconBolt size={16} />} onClick={breakingFormat} disabled={!selected}>
            Breaking Format
          </Button>
        </Tooltip>
        <BarButtons {...cg} />
      </Group>
    </>
  );
}
