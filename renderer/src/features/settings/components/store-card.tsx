import { Alert, Button, Code, Group, Text, TextInput } from '@mantine/core';
import { IconDatabase } from '@tabler/icons-react';
import { useState } from 'react';
import { moveToPostgresSchema, type StoreLocationView } from '@shared/contracts/store-move';
import { isDev } from '@shared/roles';
import { errorMessage } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/session-store';
import { SettingsSection } from '@/components/settings-section';
import { useStoreLocation } from '../api/store-location';
import { MoveToPostgresDialog } from './move-to-postgres-dialog';

/**
 * Settings → Store (issue 42): where this server keeps every station's data, how the last move
 * ended, and for the host station's owner on SQLite the move to PostgreSQL. Owners and roletype
 * dev see it; the server decides who may move (canMove).
 */
export function StoreCard() {
  const actor = useCurrentUser();
  const allowed = actor.role === 'owner' || isDev(actor);
  const store = useStoreLocation(allowed);
  if (!allowed) return null;
  return (
    <SettingsSection
      title="Store"
      description="Where CG Bridge keeps the data of every station on this server"
      testId="settings-store"
    >
      {store.error && <Alert color="red">{errorMessage(store.error, 'Failed to load where the data are kept')}</Alert>}
      {store.data && <StoreDetails view={store.data} />}
    </SettingsSection>
  );
}

function StoreDetails({ view }: { view: StoreLocationView }) {
  return (
    <>
      <Group gap="xs" wrap="nowrap">
        <IconDatabase size={18} aria-hidden />
        <Text size="sm" data-testid="store-engine">
          {view.engine === 'sqlite'
            ? 'Data is kept in SQLite on this PC'
            : `Data is kept in PostgreSQL: ${view.target}`}
        </Text>
      </Group>
      {view.lastMove && (
        <Alert
          color={view.lastMove.ok ? 'green' : 'red'}
          title={`Last move to PostgreSQL, ${new Date(view.lastMove.at).toLocaleString()}`}
          data-testid="store-last-move"
        >
          {view.lastMove.message}
        </Alert>
      )}
      {view.canMove && <MoveForm hostStation={view.hostStation ?? ''} />}
    </>
  );
}

const CREATE_DATABASE = `psql -U postgres -c "CREATE USER cgbridge PASSWORD '…'" -c "CREATE DATABASE cgbridge OWNER cgbridge"`;

function MoveForm({ hostStation }: { hostStation: string }) {
  const [to, setTo] = useState('');
  const [confirming, setConfirming] = useState<string | null>(null);
  const checked = moveToPostgresSchema.shape.to.safeParse(to);
  const problem = to.trim() !== '' && !checked.success ? checked.error.issues[0]?.message : undefined;
  return (
    <>
      <TextInput
        label="Move to PostgreSQL"
        description="For a second PC or a group of stations on one server. Create an empty database and a user that owns it first (as below; the docs' PostgreSQL page says more), then enter its connection string."
        placeholder="postgres://cgbridge:password@127.0.0.1:5432/cgbridge"
        value={to}
        onChange={(e) => setTo(e.currentTarget.value)}
        error={problem}
        autoComplete="off"
        spellCheck={false}
        data-testid="store-move-to"
      />
      <Text size="xs" c="dimmed">
        On the PostgreSQL server, an empty database and a user that owns it:
      </Text>
      {/* Wrapped, not scrolled: a scrolling block on a phone is a region a keyboard cannot reach (axe). */}
      <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {CREATE_DATABASE}
      </Code>
      <Group>
        <Button
          variant="light"
          color="orange"
          disabled={!checked.success}
          onClick={() => checked.success && setConfirming(checked.data)}
        >
          Move to PostgreSQL…
        </Button>
      </Group>
      <MoveToPostgresDialog to={confirming} hostStation={hostStation} onClose={() => setConfirming(null)} />
    </>
  );
}
