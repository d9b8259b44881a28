import { Alert, Badge, Button, Group, Text, type MantineSpacing } from '@mantine/core';
import type { EditingKind, Editor } from '@shared/contracts/live';
import { editingNoun } from '@/lib/presence/editing-live';
import { takeOver, useOtherEditors, useTakenOver } from '@/lib/presence/use-editing';

/** "Aminath is editing", "Aminath and Hassan are editing", "Aminath and 2 others are editing". */
export function editingText(editors: Editor[]): string {
  const [first, second] = editors;
  if (!first) return '';
  if (editors.length === 1) return `${first.fullName} is editing`;
  if (editors.length === 2) return `${first.fullName} and ${second!.fullName} are editing`;
  return `${first.fullName} and ${editors.length - 1} others are editing`;
}

/** On a list row: who else has this record open now. */
export function EditingBadge({ kind, id }: { kind: EditingKind; id: number }) {
  const editors = useOtherEditors(kind, id);
  if (!editors.length) return null;
  return (
    <Badge color="violet" variant="light" size="sm" tt="none" dir="auto" data-testid="editing-badge">
      {editingText(editors)}
    </Badge>
  );
}

/**
 * In an edit dialog: a soft lock. Anyone may still save (the version check keeps saves safe);
 * "Take over" tells the others at once.
 */
export function EditingNotice({
  kind,
  id,
  mb,
}: {
  kind: EditingKind;
  id: number | null | undefined;
  mb?: MantineSpacing;
}) {
  const editors = useOtherEditors(kind, id);
  const takenOver = useTakenOver(kind, id);
  if (!id) return null;
  if (takenOver) {
    return (
      <Alert
        color="orange"
        variant="light"
        role="status"
        mb={mb}
        title={`${takenOver.by.fullName} took this ${editingNoun(kind)} over`}
      >
        <Text size="sm">Your changes stay here; saving checks whether the {editingNoun(kind)} changed meanwhile.</Text>
      </Alert>
    );
  }
  if (!editors.length) return null;
  return (
    <Alert color="violet" variant="light" role="status" mb={mb} data-testid="editing-notice">
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Text size="sm" dir="auto">
          {editingText(editors)} this {editingNoun(kind)}
        </Text>
        <Button size="compact-sm" variant="light" color="violet" onClick={() => takeOver(kind, id)}>
          Take over
        </Button>
      </Group>
    </Alert>
  );
}
