import { Badge, Button, Group, Stack, Tabs, TextInput } from '@mantine/core';
import {
  IconBell,
  IconBox,
  IconClipboardList,
  IconDownload,
  IconPlus,
  IconQrcode,
  IconSearch,
  IconSend,
  IconUpload,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { Equipment, EquipmentRequest } from '@shared/contracts/equipment';
import { can } from '@shared/roles';
import { PageTitle } from '@/app/page-title';
import { errorMessage } from '@/lib/api-client';
import { showToast } from '@/lib/toast';
import { useCurrentUser } from '@/lib/session-store';
import { useExportEquipment } from '../api/equipment-export';
import { useEquipmentRequests } from '@/lib/api/equipment/equipment-requests';
import { AddEquipmentDialog } from '../components/add-equipment-dialog';
import { BulkUploadDialog } from '../components/bulk-upload-dialog';
import { EquipmentGrid } from '../components/equipment-grid';
import { ReminderDialog } from '../components/reminder-dialog';
import { RequestEquipmentDialog } from '../components/request-equipment-dialog';
import { RequestsList } from '../components/requests-list';
import { useLabelSelection } from '../use-label-selection';

type Dialog =
  | { kind: 'none' }
  | { kind: 'add' }
  | { kind: 'bulk' }
  | { kind: 'request'; target: number | 'any' }
  | { kind: 'remind'; target: number | 'any' };
type Tab = 'equipment' | 'requests';

/** The tab lives in the URL (?tab=requests), so a link or a reload lands on the same list. */
function useTab(): [Tab, (tab: Tab) => void] {
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'requests' ? 'requests' : 'equipment';
  return [tab, (next) => setParams(next === 'equipment' ? {} : { tab: next }, { replace: true })];
}

/** Approvers see how many requests wait for them on the tab itself. */
function PendingCount() {
  const pending = (useEquipmentRequests().data ?? []).filter(
    (r) => r.status === 'pending' || r.status === 'return_requested' || r.status === 'extension_pending',
  ).length;
  return pending ? (
    <Badge size="sm" circle={pending < 10} color="orange" data-testid="requests-pending-count">
      {pending}
    </Badge>
  ) : null;
}

/** Equipment (docs/product.md §Screens and routes): the catalogue as cards, and the loan requests with their steps. */
export default function EquipmentPage() {
  const user = useCurrentUser();
  const canManage = can(user, 'equipment.manage');
  const approver = can(user, 'equipmentRequests.approve');
  const [tab, setTab] = useTab();
  const [search, setSearch] = useState('');
  const [dialog, setDialog] = useState<Dialog>({ kind: 'none' });
  const close = () => setDialog({ kind: 'none' });
  const exportCsv = useExportEquipment();
  const labels = useLabelSelection();
  // Print Labels starts select mode on the Equipment tab (the cards are where the ticks are).
  const startLabels = () => {
    setTab('equipment');
    labels.start();
  };
  const runExport = () =>
    exportCsv.mutate(undefined, {
      onSuccess: (name) => showToast('Export ready', `${name} downloaded`, 'green'),
      onError: (e) => showToast('Error', errorMessage(e, 'Failed to export equipment'), 'red'),
    });

  const toolbar = (
    <Group gap="xs" wrap="wrap">
      {canManage && (
        <Button variant="default" leftSection={<IconUpload size={16} />} onClick={() => setDialog({ kind: 'bulk' })}>
          Bulk Upload
        </Button>
      )}
      {canManage && (
        <Button variant="default" leftSection={<IconPlus size={16} />} onClick={() => setDialog({ kind: 'add' })}>
          Add Equipment
        </Button>
      )}
      {canManage && (
        <Button
          variant="default"
          leftSection={<IconDownload size={16} />}
          onClick={runExport}
          loading={exportCsv.isPending}
        >
          Export CSV
        </Button>
      )}
      {canManage && (
        // QR labels of the chosen items: a phone's camera opens /field/equipment/<code>.
        <Button
          variant={labels.selection ? 'light' : 'default'}
          leftSection={<IconQrcode size={16} />}
          onClick={startLabels}
        >
          Print Labels
        </Button>
      )}
      {approver && (
        <Button
          variant="default"
          leftSection={<IconBell size={16} />}
          onClick={() => setDialog({ kind: 'remind', target: 'any' })}
        >
          Send Reminder
        </Button>
      )}
      <Button leftSection={<IconSend size={16} />} onClick={() => setDialog({ kind: 'request', target: 'any' })}>
        Request Equipment
      </Button>
    </Group>
  );

  return (
    <Stack gap="md">
      <PageTitle title="Equipment" description="Catalogue, loans, check-out and returns." actions={toolbar} />
      <Tabs value={tab} onChange={(v) => setTab(v === 'requests' ? 'requests' : 'equipment')} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="equipment" leftSection={<IconBox size={14} />}>
            Equipment
          </Tabs.Tab>
          <Tabs.Tab
            value="requests"
            leftSection={<IconClipboardList size={14} />}
            rightSection={approver ? <PendingCount /> : undefined}
          >
            Requests
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="equipment" pt="md">
          <Stack gap="md">
            <TextInput
              aria-label="Search equipment"
              placeholder="Search by name, code or category"
              leftSection={<IconSearch size={16} />}
              value={search}
              onChange={(e) => setSearch(e.currentTarget.value)}
              maw={420}
            />
            <EquipmentGrid
              search={search}
              canManage={canManage}
              onRequest={(item: Equipment) => setDialog({ kind: 'request', target: item.id })}
              selection={canManage ? labels.selection : undefined}
            />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="requests" pt="md">
          <RequestsList actor={user} onRemind={(r: EquipmentRequest) => setDialog({ kind: 'remind', target: r.id })} />
        </Tabs.Panel>
      </Tabs>
      {canManage && <AddEquipmentDialog opened={dialog.kind === 'add'} onClose={close} />}
      {canManage && <BulkUploadDialog opened={dialog.kind === 'bulk'} onClose={close} />}
      <RequestEquipmentDialog target={dialog.kind === 'request' ? dialog.target : null} onClose={close} />
      {approver && <ReminderDialog target={dialog.kind === 'remind' ? dialog.target : null} onClose={close} />}
    </Stack>
  );
}
