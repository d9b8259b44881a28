import { Alert, Button, Group, List, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { errorMessage } from '@/lib/api-client';
import { useMoveToPostgres } from '../api/store-location';

/** The connection string as the dialog repeats it: the password is not shown again. */
const masked = (url: string) => url.replace(/^(postgres(?:ql)?:\/\/[^:@/]+:)[^?]*@/, '$1***@');

interface Props {
  /** The connection string to move to; null: closed. */
  to: string | null;
  hostStation: string;
  onClose: () => void;
}

/**
 * Move to PostgreSQL (issue 42), the host station's owner only: what happens to every station,
 * the restart, the SQLite file; the host station's name typed to confirm, as a restore asks.
 */
export function MoveToPostgresDialog({ to, hostStation, onClose }: Props) {
  const [typed, setTyped] = useState('');
  const move = useMoveToPostgres();
  const close = () => {
    setTyped('');
    move.reset();
    onClose();
  };
  return (
    <Modal opened={to !== null} onClose={close} title="Move every station to PostgreSQL" size="lg">
      {to !== null && (
        <Stack gap="sm">
          <Text>
            Into <strong>{masked(to)}</strong>
          </Text>
          <Alert color="orange" title="Every station on this server moves">
            <List size="sm" spacing={4}>
              <List.Item>
                Every station&apos;s data — stories, CG texts, users, sign-ins, loans, settings — is copied and checked
                table by table.
              </List.Item>
              <List.Item>
                The server restarts: CG Bridge is away while the copy runs (seconds for most stations) and every open
                page waits, then reloads by itself. Text not saved by then is not kept.
              </List.Item>
              <List.Item>
                The SQLite file stays as it was, untouched. If the move fails, CG Bridge starts again on it and this
                page says why.
              </List.Item>
            </List>
          </Alert>
          <TextInput
            label={`Type the station name "${hostStation}" to confirm`}
            value={typed}
            onChange={(e) => setTyped(e.currentTarget.value)}
            autoComplete="off"
            data-autofocus
          />
          {move.error && <Alert color="red">{errorMessage(move.error, 'The move was refused')}</Alert>}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={move.isPending || move.isSuccess}>
              Cancel
            </Button>
            <Button
              color="orange"
              disabled={typed.trim() !== hostStation}
              loading={move.isPending || move.isSuccess}
              onClick={() => move.mutate({ to, confirm: typed })}
              data-testid="store-move-confirm"
            >
              Move to PostgreSQL
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
