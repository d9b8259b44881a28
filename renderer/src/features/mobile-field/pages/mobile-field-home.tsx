import { Tabs } from '@mantine/core';
import { useState } from 'react';
import type { Equipment } from '@shared/contracts/equipment';
import { useCurrentUser } from '@/lib/session-store';
import { useMobilePermissions } from '../api/mobile-queries';
import { CgControlTab } from '../components/cg-control-tab';
import { EquipmentTab } from '../components/equipment-tab';
import { MobileHeader } from '../components/mobile-header';
import { RequestDialog } from '../components/request-dialog';
import { RequestsTab } from '../components/requests-tab';
import type { MobileTab } from '../mobile-field-constants';

/** Header and the three tabs (docs/product.md §Screens and routes); CG Control only with canAccessCg. */
export function MobileFieldHome() {
  const user = useCurrentUser();
  const permissions = useMobilePermissions(user.id);
  const [chosen, setChosen] = useState<MobileTab>('equipment');
  const [requesting, setRequesting] = useState<Equipment | null>(null);
  const canAccessCg = permissions.data?.canAccessCg === true;
  // "Otherwise forced back to Equipment": also when a role change takes CG access away mid-use.
  const tab: MobileTab = chosen === 'cg' && !canAccessCg ? 'equipment' : chosen;
  const viewer = { id: user.id, role: permissions.data?.role };

  return (
    <>
      <MobileHeader />
      <Tabs value={tab} onChange={(value) => setChosen((value as MobileTab | null) ?? 'equipment')} keepMounted={false}>
        {/* No icons: three labels must fit one row on a 390 px phone. */}
        <Tabs.List grow mb="md">
          <Tabs.Tab value="equipment">Equipment</Tabs.Tab>
          <Tabs.Tab value="requests">Requests</Tabs.Tab>
          {canAccessCg && <Tabs.Tab value="cg">CG Control</Tabs.Tab>}
        </Tabs.List>
        <Tabs.Panel value="equipment">
          <EquipmentTab onRequest={setRequesting} />
        </Tabs.Panel>
        <Tabs.Panel value="requests">
          <RequestsTab viewer={viewer} />
        </Tabs.Panel>
        {canAccessCg && (
          <Tabs.Panel value="cg">
            <CgControlTab role={permissions.data?.role ?? user.role} />
          </Tabs.Panel>
        )}
      </Tabs>
      <RequestDialog equipment={requesting} onClose={() => setRequesting(null)} />
    </>
  );
}
