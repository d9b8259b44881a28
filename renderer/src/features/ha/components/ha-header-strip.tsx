import { Badge, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconServer2 } from '@tabler/icons-react';
import { can } from '@shared/roles';
import { useCurrentUser } from '@/lib/session-store';
import { useHaStatus } from '../api/ha-status';
import { stripText } from '../ha-text';

/**
 * "MAIN: PC-A · BACKUP: PC-B · lag 12 ms" beside LIVE and AIR (issue 43), for those who may put
 * text on air: they are the ones who must know which PC holds the air's data and whether the
 * backup could take over. Dimmed while all is well; orange (red while the main does not answer)
 * with the warning when not. Phones leave it out: the header there has no room and the dialog
 * still opens when the main is lost.
 */
export function HaHeaderStrip() {
  const canWrite = can(useCurrentUser(), 'cg.write');
  const status = useHaStatus(canWrite).data;
  if (!canWrite || !status?.configured) return null;
  const text = stripText(status);
  const { warning } = status;
  const mainDown =
    status.mainLost !== null || status.nodes.some((n) => n.name === status.main && n.role === 'unreachable');
  const color = warning === null ? 'gray' : mainDown ? 'red' : 'orange';
  return (
    // The whole of it on hover or focus: the badge is cut short on a narrow desk.
    <Tooltip label={warning === null ? text : `${text}. ${warning}`} multiline maw={360} withArrow>
      <Badge
        color={color}
        variant={warning === null ? 'light' : 'filled'}
        radius="sm"
        size="md"
        tt="none"
        visibleFrom="sm"
        maw={{ base: 220, md: 300, lg: 480 }}
        leftSection={
          warning === null ? <IconServer2 size={14} aria-hidden /> : <IconAlertTriangle size={14} aria-hidden />
        }
        // Focusable with a warning, so the whole of it (the tooltip) is reachable from the keyboard too.
        tabIndex={warning === null ? undefined : 0}
        data-testid="ha-strip"
        data-warning={warning !== null}
      >
        {text}
        {warning !== null && <span data-testid="ha-warning">{` · ${warning}`}</span>}
      </Badge>
    </Tooltip>
  );
}
