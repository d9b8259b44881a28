import { Alert, Stack } from '@mantine/core';
import { can } from '@shared/roles';
import { PageTitle } from '@/app/page-title';
import { useCurrentUser } from '@/lib/session-store';
import { FeedList } from '../components/feed-list';
import { WireItems } from '../components/wire-items';

/**
 * Wires (issue 26): agency and outlet feeds, polled by the server. An item reaches air only as a
 * news draft ("Make a story") that goes through the normal approval.
 */
export default function WiresPage() {
  const actor = useCurrentUser();
  const canManage = can(actor, 'settings.manage');
  const canRead = can(actor, 'news.create');
  return (
    <Stack gap="md">
      <PageTitle
        title="Wires"
        description="Items from the station's RSS, Atom and JSON feeds. Make a story turns one into a news draft; nothing goes to air without approval."
      />
      {!canRead && <Alert color="yellow">Wires are for those who write news.</Alert>}
      {canManage && <FeedList />}
      {canRead && <WireItems canManage={canManage} />}
    </Stack>
  );
}
