import { Alert, Code, List, Table, Text } from '@mantine/core';
import type { HaStatus } from '@shared/contracts/ha';
import { isDev } from '@shared/roles';
import { errorMessage } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/session-store';
import { SettingsSection } from '@/components/settings-section';
import { useHaStatus } from '../api/ha-status';
import { replicationText, roleText } from '../ha-text';

/**
 * Settings → Main and backup (issue 43): the pair as the engines report it, for those who set up
 * the station's PCs; without a pair, how to add one. Kept current by the live `ha_status`.
 */
export function HaCard() {
  const actor = useCurrentUser();
  const allowed = actor.role === 'owner' || actor.role === 'admin' || isDev(actor);
  const status = useHaStatus(allowed);
  if (!allowed) return null;
  return (
    <SettingsSection
      title="Main and backup"
      description="Two PCs, each with its own PostgreSQL: the backup keeps a copy of the main's data and can take over"
      testId="ha-card"
    >
      {status.error && <Alert color="red">{errorMessage(status.error, 'Failed to load the main and backup')}</Alert>}
      {status.data && (status.data.configured ? <Pair status={status.data} /> : <NoPair />)}
    </SettingsSection>
  );
}

function Pair({ status }: { status: HaStatus }) {
  return (
    <>
      <Text size="sm" data-testid="ha-card-pair">
        Main: <strong>{status.main ?? 'none'}</strong> · Backup: <strong>{status.backup ?? 'none'}</strong>
      </Text>
      <Text size="sm" c="dimmed">
        {replicationText(status)}
      </Text>
      {status.warning && (
        <Alert color={status.mainLost ? 'red' : 'orange'} data-testid="ha-card-warning">
          {status.warning}
        </Alert>
      )}
      <Table withTableBorder maw={520} aria-label="PostgreSQL servers of the pair">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>PC</Table.Th>
            <Table.Th>Role</Table.Th>
            <Table.Th>Timeline</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {status.nodes.map((node) => (
            <Table.Tr key={node.name}>
              <Table.Td>{node.name}</Table.Td>
              <Table.Td>{roleText(node.role)}</Table.Td>
              <Table.Td>{node.timeline ?? '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </>
  );
}

/** No pair (SQLite, or PostgreSQL without a backup): the steps, in short. */
function NoPair() {
  return (
    <>
      <Text size="sm" data-testid="ha-card-none">
        No backup PC is set up: the data are on this server&apos;s store only.
      </Text>
      <List size="sm" type="ordered" spacing={4}>
        <List.Item>Keep the data in PostgreSQL on the main PC (Store, on this page).</List.Item>
        <List.Item>Make the backup PC&apos;s PostgreSQL a streaming replica of the main&apos;s.</List.Item>
        <List.Item>
          Start CG Bridge with <Code>DATABASE_URL</Code> (the main) and <Code>HA_DATABASE_URL</Code> (the backup).
        </List.Item>
      </List>
      <Text size="sm" c="dimmed">
        The steps in full: docs/high-availability.md in the CG Bridge repository.
      </Text>
    </>
  );
}
