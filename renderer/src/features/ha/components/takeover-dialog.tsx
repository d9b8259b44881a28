import { useNow } from '@/lib/use-now';
import { Alert, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { HaStatus, MainLost } from '@shared/contracts/ha';
import { can } from '@shared/roles';
import { relativeTime } from '@shared/relative-time';
import { errorMessage } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/session-store';
import { useHaStatus } from '../api/ha-status';
import { useTakeOver } from '../api/take-over';
import { changesAtRiskText } from '../ha-text';

/** The loss this dialog was opened for: the main it names, and since when. */
interface Shown {
  lost: MainLost;
  main: string | null;
}

/**
 * "Main lost — take over?" (issue 43): opens by itself on every desk that may put text on air when
 * the server sees the main lost and the backup ready. Taking over is the operator's decision (the
 * changes at risk are said first); "Not now" holds until the main is lost again (a new `since`).
 * It stays through the promotion and the restart, and closes once the server is back on a main.
 */
export function TakeoverDialog() {
  const canWrite = can(useCurrentUser(), 'cg.write');
  const status = useHaStatus(canWrite).data;
  const [dismissed, setDismissed] = useState<string | null>(null);
  const [shown, setShown] = useState<Shown | null>(null);
  const takeOver = useTakeOver();
  const lost = status?.mainLost ?? null;
  const state = status?.takeover?.state ?? null;

  // Adjusted while rendering (React's pattern for state that follows props): no flash of a stale dialog.
  const opens = canWrite && lost !== null && state !== 'restarting' && lost.since !== dismissed;
  if (opens && shown?.lost.since !== lost.since) setShown({ lost, main: status?.main ?? null });
  else if (shown && isBack(status, shown)) setShown(null);

  const { reset } = takeOver;
  useEffect(() => {
    if (!shown) reset();
  }, [shown, reset]);

  const busy = takeOver.isPending || state === 'promoting' || state === 'restarting';
  const notNow = () => {
    if (busy || !shown) return;
    setDismissed(shown.lost.since);
    setShown(null);
  };
  const current = lost ?? shown?.lost ?? null;
  return (
    <Modal
      opened={shown !== null}
      onClose={notNow}
      title="Main lost — take over?"
      size="lg"
      closeOnClickOutside={false}
      withCloseButton={!busy}
      closeOnEscape={!busy}
    >
      {current && (
        <Stack gap="sm" data-testid="ha-takeover-dialog">
          <LostBody lost={current} />
          {/* A refusal says why itself: the failed state would say it twice. */}
          {!takeOver.error && <Progress status={status} />}
          {takeOver.error && <Alert color="red">{errorMessage(takeOver.error, 'The takeover was refused')}</Alert>}
          <Group justify="flex-end">
            {/* The safe answer has the focus: Enter alone never takes over. */}
            <Button variant="default" onClick={notNow} disabled={busy} data-autofocus>
              Not now
            </Button>
            <Button color="red" onClick={() => takeOver.mutate()} disabled={busy} data-testid="ha-takeover-confirm">
              {`Take over on ${current.backup}`}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

/** Back on a main: another main than the lost one, or the lost main answers again. */
function isBack(status: HaStatus | undefined, shown: Shown): boolean {
  if (!status) return false;
  if (status.main !== shown.main) return true;
  const state = status.takeover?.state;
  return status.mainLost === null && state !== 'promoting' && state !== 'restarting';
}

function LostBody({ lost }: { lost: MainLost }) {
  const now = useNow(15_000);
  return (
    <>
      <Text>
        <strong>{lost.main}</strong>, the main, stopped answering {relativeTime(lost.since, new Date(now))} (
        {new Date(lost.since).toLocaleTimeString()}).
      </Text>
      <Text>
        <strong>{lost.backup}</strong>, the backup, takes over: it becomes the main and CG Bridge restarts on it. Every
        open page reconnects by itself.
      </Text>
      <Alert color={lost.synchronous || lost.changesAtRisk === 0 ? 'green' : 'orange'} data-testid="ha-changes-at-risk">
        {changesAtRiskText(lost)}
      </Alert>
    </>
  );
}

function Progress({ status }: { status: HaStatus | undefined }) {
  const takeover = status?.takeover;
  if (!takeover) return null;
  if (takeover.state === 'failed') return <Alert color="red">{takeover.message}</Alert>;
  return (
    <Group gap="xs" wrap="nowrap" role="status" data-testid="ha-takeover-progress">
      <Loader size="sm" />
      <Text size="sm">{takeover.message}</Text>
    </Group>
  );
}
