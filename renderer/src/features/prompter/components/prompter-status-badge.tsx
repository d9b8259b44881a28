import { Badge } from '@mantine/core';
import type { PrompterStatus } from '@shared/contracts/prompters';

/**
 * Spec 001 §2: "active is primary, others secondary". Primary = the brand colour, filled;
 * secondary = grey, light. The full word always shows (never "INAC…" on a phone).
 */
export function PrompterStatusBadge({ status }: { status: PrompterStatus }) {
  const active = status === 'active';
  return (
    <Badge
      variant={active ? 'filled' : 'light'}
      color={active ? undefined : 'gray'}
      data-testid="prompter-status"
      data-variant={active ? 'primary' : 'secondary'}
      styles={{ root: { flex: 'none', maxWidth: 'none', overflow: 'visible' }, label: { overflow: 'visible' } }}
    >
      {status}
    </Badge>
  );
}
