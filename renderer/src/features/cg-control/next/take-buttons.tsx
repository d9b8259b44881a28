import { Button, Group, Kbd, Stack, Text } from '@mantine/core';
import { IconPlayerPlayFilled, IconX } from '@tabler/icons-react';
import type { CgNext } from '@shared/contracts/cg-next';
import { useClearNext } from '@/lib/api/cg/clear-next';
import { useTakeNext } from '@/lib/api/cg/take-next';
import { toastCgFailure } from '@/lib/cg/cg-toast';
import { toastAir } from '@/lib/cg/air-toast';
import { useEmergencyConfirm } from '@/lib/cg/use-emergency-confirm';
import { typeLabel } from '@/lib/cg/next/next-texts';
import type { NextWatch } from '@/lib/cg/next/use-next-watch';
import { useTakeKeys } from './use-take-keys';

/** Mantine's Kbd greys its label below 4.5:1 on the dark scheme: the page's text colour instead. */
const KBD = { color: 'var(--mantine-color-text)' };
const Key = ({ children }: { children: string }) => (
  <Kbd size="xs" style={KBD}>
    {children}
  </Kbd>
);

/**
 * Take and Clear, and their keys. A Take press goes through the watch first (issue 38, point 3):
 * while another desk's change is arming it is held, and the notice above says why. The request
 * carries the NEXT version on this screen, so the server refuses one that changed after it.
 */
export function TakeButtons({ next, watch }: { next: CgNext; watch: NextWatch }) {
  const take = useTakeNext();
  const clear = useClearNext();
  const confirm = useEmergencyConfirm();
  const empty = next.changes.length === 0;
  const busy = take.isPending || clear.isPending;
  const doTake = () => {
    if (empty || busy || !watch.press()) return;
    // Like every send: during an emergency, Take asks first (issue 22).
    confirm(`Take NEXT: ${next.changes.map((c) => typeLabel(c.type)).join(', ')}`, () =>
      take.mutate(next.version, {
        // Green only when every output confirmed; red / orange name the others (issue 38).
        onSuccess: (res) => toastAir('CG Updated', 'NEXT is on air', res.air),
        onError: (error) => toastCgFailure('Take failed', null, error),
      }),
    );
  };
  const doClear = () => {
    if (empty || busy) return;
    clear.mutate(next.version, { onError: (error) => toastCgFailure('Clear failed', null, error) });
  };
  useTakeKeys(true, doTake, doClear);
  const arming = !empty && !watch.armed;
  return (
    <Stack gap={6}>
      <Group gap="xs" wrap="wrap">
        <Button
          size="lg"
          color={arming ? 'orange' : 'blue' /* fixed: the station's branding never recolours Take (issue 39) */}
          // Not armed (issue 38): an outline reads as "not ready", orange like the notice that says why.
          variant={arming ? 'outline' : 'filled'}
          leftSection={<IconPlayerPlayFilled size={18} />}
          onClick={doTake}
          disabled={empty || clear.isPending}
          loading={take.isPending}
          aria-describedby={arming ? 'next-foreign-change-hint' : undefined}
          data-armed={!arming}
          data-testid="next-take"
        >
          Take
        </Button>
        <Button
          size="lg"
          variant="default"
          leftSection={<IconX size={16} />}
          onClick={doClear}
          disabled={empty || take.isPending}
          loading={clear.isPending}
          data-testid="next-clear"
        >
          Clear
        </Button>
      </Group>
      <Text size="xs" c="dimmed" data-testid="next-shortcuts">
        <Key>F2</Key> or <Key>Ctrl</Key>+<Key>Enter</Key> takes, also while you type; <Key>Enter</Key> takes and{' '}
        <Key>Esc</Key> clears when you are not in a field (<Key>Esc</Key> leaves a field).
      </Text>
    </Stack>
  );
}
