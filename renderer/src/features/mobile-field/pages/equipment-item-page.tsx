import { Alert, Anchor, Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconMapPin } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import type { Equipment } from '@shared/contracts/equipment';
import { errorMessage } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/session-store';
import { useMobileEquipment, useMobilePermissions, useMobileRequests } from '../api/mobile-queries';
import { MobileHeader } from '../components/mobile-header';
import { RequestActionButtons } from '../components/request-action-buttons';
import { RequestDialog } from '../components/request-dialog';
import { PendingNote } from '../components/equipment-card';
import { EquipmentStatusBadge } from '../components/status-badges';
import { myPendingByItem } from '../field-filters';
import { fieldBase } from '@/lib/field-paths';
import { isOpenLoanOf } from '../request-actions';

/** Codes are unique per station; a hand-typed URL may differ in case. */
function findByCode(items: readonly Equipment[], code: string): Equipment | undefined {
  return items.find((i) => i.code === code) ?? items.find((i) => i.code.toLowerCase() === code.toLowerCase());
}

/**
 * The QR label's target (/field/equipment/<code>): the scanned item with Request, and Return
 * (with Check Out while approved) for the caller's own loans of it — no camera access needed.
 */
export function EquipmentItemPage() {
  const code = useParams().code ?? '';
  const base = fieldBase(useLocation().pathname);
  const user = useCurrentUser();
  const permissions = useMobilePermissions(user.id);
  const equipment = useMobileEquipment();
  const requests = useMobileRequests();
  const [requesting, setRequesting] = useState<Equipment | null>(null);
  const item = equipment.data ? findByCode(equipment.data, code) : undefined;
  const loans = item ? (requests.data ?? []).filter((r) => r.equipmentId === item.id && isOpenLoanOf(r, user.id)) : [];
  const viewer = { id: user.id, role: permissions.data?.role };
  const pending = item ? myPendingByItem(requests.data ?? [], user.id).get(item.id) : undefined;

  return (
    <Stack gap="sm">
      <MobileHeader />
      <Anchor component={Link} to={base} size="sm">
        <Group gap={4} wrap="nowrap">
          <IconArrowLeft size={14} aria-hidden /> All equipment
        </Group>
      </Anchor>
      {equipment.isPending && (
        <Center py="md">
          <Loader size="sm" />
        </Center>
      )}
      {equipment.error && <Alert color="red">{errorMessage(equipment.error, 'Failed to load equipment')}</Alert>}
      {equipment.isSuccess && !item && (
        <Alert color="yellow" title="Equipment not found">
          No equipment with code {code} in this station.
        </Alert>
      )}
      {item && (
        <Paper withBorder radius="md" p="md" data-testid="field-equipment-item" data-code={item.code}>
          <Stack gap="xs">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Title order={2} size="h3" dir="auto" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                {item.name}
              </Title>
              <EquipmentStatusBadge status={item.status} />
            </Group>
            <Text ff="monospace" size="lg">
              {item.code}
            </Text>
            <Group gap={4} wrap="nowrap">
              <IconMapPin size={14} aria-hidden />
              <Text size="sm" c="dimmed">
                {item.location}
              </Text>
            </Group>
            {item.description && (
              <Text size="sm" dir="auto">
                {item.description}
              </Text>
            )}
            {pending ? (
              <PendingNote request={pending} />
            ) : (
              <Button size="md" onClick={() => setRequesting(item)}>
                Request
              </Button>
            )}
            {loans.map((loan) => (
              <RequestActionButtons key={loan.id} request={loan} viewer={viewer} />
            ))}
          </Stack>
        </Paper>
      )}
      <RequestDialog equipment={requesting} onClose={() => setRequesting(null)} />
    </Stack>
  );
}
