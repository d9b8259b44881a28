import { Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useCgFiles, cgText } from '@/lib/api/cg/get-cg-files';
import { useEmergencyBefore } from '@/lib/api/cg/get-emergency';
import { useEndEmergency } from '@/lib/api/cg/end-emergency';
import { toastCgFailure, toastSuccess } from '@/lib/cg/cg-toast';
import { LowerThirdPreview } from './lower-third-preview';

const time = (iso: string) => new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

/** What the End question offers to put back: the lower third from before, if it differs from air now. */
function usePutBack() {
  const state = useEmergencyBefore();
  const files = useCgFiles().data;
  const now = { headline: cgText(files, 'headline'), subheadline: cgText(files, 'subheadline') };
  const before = state.data?.before ?? null;
  const differs = before !== null && (before.headline !== now.headline || before.subheadline !== now.subheadline);
  return { loading: state.isPending, before: differs ? before : null, now };
}

/**
 * The End emergency question (issue 38, point 7): the emergency text that goes, and — when the
 * server knows it — the lower third that was on air before the override, previewed, to put back
 * with one click. "End emergency" alone leaves the lower third as it is now; nothing is restored
 * without the operator seeing it.
 */
export function EndEmergencyBody({ text, onDone }: { text: string; onDone: () => void }) {
  const mutation = useEndEmergency();
  const putBack = usePutBack();
  const before = putBack.before;
  const end = (restore?: { headline: string; subheadline: string }) =>
    mutation.mutate(restore ? { restore } : {}, {
      onSuccess: (res) => {
        const said = !res.ended
          ? 'The emergency had already been ended'
          : res.restored
            ? 'The emergency text is off air; the lower third from before is back'
            : 'The emergency text is off air';
        toastSuccess('Emergency ended', said);
        onDone();
      },
      onError: (error) => toastCgFailure('Error', 'Failed to end the emergency', error),
    });
  return (
    <Stack gap="sm">
      <Text size="sm">This takes the emergency text off air:</Text>
      <Text size="sm" fw={700} dir="auto" lineClamp={3} style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
        {text}
      </Text>
      {putBack.loading && <Skeleton height={48} />}
      {before && (
        <Stack gap={4} data-testid="end-emergency-put-back">
          <Text size="sm">
            Put back the lower third that was on air before the override ({time(before.at)})
            {before.headline || before.subheadline
              ? ':'
              : ' — it was empty, so the headline and subheadline go off air:'}
          </Text>
          <LowerThirdPreview
            headline={before.headline}
            subheadline={before.subheadline}
            testId="end-emergency-before"
          />
          <Text size="xs" c="dimmed" dir="auto">
            On air now: {putBack.now.headline || '(no headline)'} · {putBack.now.subheadline || '(no subheadline)'}
          </Text>
        </Stack>
      )}
      <Text size="xs" c="dimmed">
        With End emergency, the headline and subheadline stay as they are now.
      </Text>
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onDone}>
          Cancel
        </Button>
        <Button
          color="red"
          variant={before ? 'outline' : 'filled'}
          loading={mutation.isPending && !mutation.variables?.restore}
          disabled={mutation.isPending}
          onClick={() => end()}
        >
          End emergency
        </Button>
        {before && (
          <Button
            color="red"
            data-autofocus
            loading={mutation.isPending && Boolean(mutation.variables?.restore)}
            disabled={mutation.isPending}
            onClick={() => end({ headline: before.headline, subheadline: before.subheadline })}
          >
            End and put back
          </Button>
        )}
      </Group>
    </Stack>
  );
}
