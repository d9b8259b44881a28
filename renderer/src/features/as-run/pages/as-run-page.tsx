import { Alert, Button, Center, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconDownload, IconRefresh } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { can } from '@shared/roles';
import { PageTitle } from '@/app/page-title';
import { errorMessage } from '@/lib/api-client';
import { showToast } from '@/lib/toast';
import { useCurrentUser } from '@/lib/session-store';
import { AccessDenied } from '@/components/access-denied';
import { useStationTimeZone } from '@/lib/api/settings/get-station-time-zone';
import { downloadAsRunCsv, useAsRun } from '../api/get-as-run';
import { AsRunFilters, EMPTY_FORM, filtersOf, type AsRunForm } from '../components/as-run-filters';
import { AsRunTable } from '../components/as-run-table';

const BROWSER_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

/** As-Run Log (issue 25): every change that reached each output, newest first, with CSV export. */
export default function AsRunPage() {
  const allowed = can(useCurrentUser(), 'asRun.read');
  const [form, setForm] = useState<AsRunForm>(EMPTY_FORM);
  // Every time on the page (and its filter days) is the station's clock (issue 39); the browser's
  // zone only until the station's is known.
  const zone = useStationTimeZone().data?.timeZone ?? BROWSER_ZONE;
  const filters = useMemo(() => filtersOf(form, zone), [form, zone]);
  const log = useAsRun(filters, allowed);
  const [exporting, setExporting] = useState(false);
  const entries = log.data?.pages.flatMap((p) => p.entries) ?? [];

  const exportCsv = () => {
    setExporting(true);
    downloadAsRunCsv(filters)
      .catch((error: unknown) => showToast('Export failed', errorMessage(error), 'red'))
      .finally(() => setExporting(false));
  };
  const actions = allowed && (
    <Group gap="xs">
      <Button
        variant="default"
        leftSection={<IconRefresh size={16} />}
        onClick={() => void log.refetch()}
        loading={log.isRefetching && !log.isFetchingNextPage}
      >
        Refresh
      </Button>
      <Button leftSection={<IconDownload size={16} />} onClick={exportCsv} loading={exporting}>
        Export CSV
      </Button>
    </Group>
  );

  return (
    <Stack gap="md">
      <PageTitle
        title="As-Run Log"
        description={`What reached each output, when, from whom — newest first. Times and days are ${zone} (station time).`}
        actions={actions}
      />
      {!allowed && <AccessDenied who="owners, admins, editors and MCR" />}
      {allowed && <AsRunFilters form={form} onChange={setForm} />}
      {allowed && log.isPending && (
        <Center py="xl">
          <Loader size="sm" aria-label="Loading the as-run log" />
        </Center>
      )}
      {log.error && <Alert color="red">{errorMessage(log.error, 'Failed to load the as-run log')}</Alert>}
      {log.data && (
        <Paper withBorder radius="md" p={entries.length ? 0 : undefined}>
          {entries.length === 0 ? (
            <Text c="dimmed" ta="center" py="xl" size="sm">
              Nothing has aired that matches these filters
            </Text>
          ) : (
            <AsRunTable entries={entries} zone={zone} />
          )}
        </Paper>
      )}
      {log.hasNextPage && (
        <Center>
          <Button variant="default" loading={log.isFetchingNextPage} onClick={() => void log.fetchNextPage()}>
            Load more
          </Button>
        </Center>
      )}
    </Stack>
  );
}
