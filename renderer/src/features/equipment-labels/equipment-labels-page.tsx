import { Alert, Button, Center, Group, Loader, Text } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import type { Equipment } from '@shared/contracts/equipment';
import { can } from '@shared/roles';
import { PageTitle } from '@/app/page-title';
import { errorMessage } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/session-store';
import { LanAddressField } from './lan-address-field';
import { LanAddressPicker } from './lan-address-picker';
import { LABELS_PER_SHEET, parseLabelIds, pickByIds, toSheets } from './label-grid';
import { printBlockedReason } from './label-print-gate';
import { LabelSheet } from './label-sheet';
import { useLabelBaseUrl, type LabelBaseUrl } from './use-label-base-url';

/**
 * Marks <html> while this page is open and printable, so the print stylesheet hides everything
 * but the sheets; while printing is blocked (issue 39) a Ctrl+P prints the page with its warning.
 */
function usePrintClass(enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return;
    document.documentElement.classList.add('cgb-label-print');
    return () => document.documentElement.classList.remove('cgb-label-print');
  }, [enabled]);
}

/** On localhost: the server's LAN addresses to choose from, or (none known) the address to type. */
function LabelAddress({ label }: { label: LabelBaseUrl }) {
  if (!label.loopback || label.pending) return null;
  if (label.offered.length === 0) return <LanAddressField pageOrigin={label.pageOrigin} onChange={label.setTyped} />;
  return (
    <LanAddressPicker
      pageOrigin={label.pageOrigin}
      offered={label.offered}
      value={label.baseUrl}
      onChange={label.choose}
    />
  );
}

function LabelSheets() {
  const [params] = useSearchParams();
  const equipment = useQuery<Equipment[]>({ queryKey: ['/api/equipment'] });
  const label = useLabelBaseUrl();
  const items = pickByIds(equipment.data ?? [], parseLabelIds(params.get('ids')));
  const sheets = toSheets(items, LABELS_PER_SHEET).length;
  const blocked = printBlockedReason(label, items.length);
  usePrintClass(blocked === null);

  if (equipment.isPending) {
    return (
      <Center py="xl">
        <Loader size="sm" />
      </Center>
    );
  }
  if (equipment.error) return <Alert color="red">{errorMessage(equipment.error, 'Failed to load equipment')}</Alert>;
  return (
    <>
      <Group justify="space-between" mb="sm" gap="sm">
        <Text size="sm" c="dimmed" data-testid="label-count">
          {items.length} {items.length === 1 ? 'label' : 'labels'} on {sheets} A4 {sheets === 1 ? 'sheet' : 'sheets'} (3
          × 8, 70 × 36 mm). Print at 100 % scale.
        </Text>
        <Button
          leftSection={<IconPrinter size={16} />}
          onClick={() => window.print()}
          disabled={blocked !== null}
          aria-describedby={blocked ? 'label-print-blocked' : undefined}
        >
          Print
        </Button>
      </Group>
      {blocked && items.length > 0 && (
        <Text size="sm" c="orange.4" mb="sm" id="label-print-blocked" data-testid="label-print-blocked">
          {blocked}
        </Text>
      )}
      <LabelAddress label={label} />
      {items.length === 0 ? (
        <Text c="dimmed">No equipment selected</Text>
      ) : (
        <LabelSheet items={items} baseUrl={label.baseUrl} />
      )}
    </>
  );
}

/**
 * /equipment/labels?ids=1,2,3 — QR labels for the chosen items (all items without ids). Scanned
 * with a phone's own camera app, a label opens /field/equipment/<code> (issue 12).
 */
export default function EquipmentLabelsPage() {
  const user = useCurrentUser();
  const allowed = can(user, 'equipment.manage');
  return (
    <>
      <PageTitle title="Equipment Labels" description="QR labels that open the item on a phone" />
      {allowed ? (
        <LabelSheets />
      ) : (
        <Alert color="yellow" variant="light" title="Not allowed" data-testid="labels-not-allowed">
          Printing equipment labels is not allowed for your role. It is open to owners, admins and technical staff.
        </Alert>
      )}
    </>
  );
}
