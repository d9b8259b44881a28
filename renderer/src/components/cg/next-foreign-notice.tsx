import { Alert, List, Text } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { stagedText, typeLabel } from '@/lib/cg/next/next-texts';
import type { ForeignChange, NextDiff } from '@/lib/cg/next/next-watch';

function change(d: NextDiff): string {
  if (d.after === null) return `${typeLabel(d.type)}: taken out of NEXT`;
  if (d.before === null) return `${typeLabel(d.type)}: “${stagedText(d.type, d.after)}” added`;
  return `${typeLabel(d.type)}: “${stagedText(d.type, d.before)}” → “${stagedText(d.type, d.after)}”`;
}

/**
 * Another desk changed NEXT just now (issue 38, point 3): who, and what changed, above the list,
 * so the screen never turns into another desk's text unnoticed. While Take is held it is an
 * alert (read out at once); otherwise a status.
 */
export function NextForeignNotice({ foreign, armed, held }: { foreign: ForeignChange; armed: boolean; held: boolean }) {
  return (
    <Alert
      color="orange"
      // Light, with a heavy border: readable text (white on orange is below 4.5:1), still loud.
      variant="light"
      style={{ border: '2px solid var(--mantine-color-orange-6)' }}
      icon={<IconUsers size={18} />}
      title={`${foreign.by} changed NEXT just now`}
      role={held ? 'alert' : 'status'}
      data-testid="next-foreign-change"
      data-armed={armed}
    >
      <List size="sm" spacing={2}>
        {foreign.diff.map((d) => (
          <List.Item key={d.type} dir="auto">
            {change(d)}
          </List.Item>
        ))}
      </List>
      <Text size="sm" fw={700} mt={6} id="next-foreign-change-hint" data-testid="next-foreign-hint">
        {held
          ? 'Take held: look at NEXT, then press Take again to air it.'
          : armed
            ? 'Take airs what NEXT shows now.'
            : 'Take arms in a moment — look at what changed first.'}
      </Text>
    </Alert>
  );
}
