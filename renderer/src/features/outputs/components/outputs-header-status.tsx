import { Badge } from '@mantine/core';
import { IconBroadcast } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { OutputStatusEntry } from '@shared/contracts/outputs';
import { can } from '@shared/roles';
import { useCurrentUser } from '@/lib/session-store';
import { useOutputStatuses } from '@/lib/api/outputs/outputs';

/** "Outputs: 3 OK · 1 retrying" — enabled outputs only; null when the station has none. */
export function summarise(list: readonly OutputStatusEntry[]): { text: string; short: string; color: string } | null {
  const on = list.filter((s) => s.status.state !== 'disabled');
  if (!on.length) return null;
  const count = (state: string) => on.filter((s) => s.status.state === state).length;
  const ok = count('connected');
  const parts = [`${ok} OK`];
  const retrying = count('retrying');
  const errors = count('error');
  const connecting = count('connecting');
  if (retrying) parts.push(`${retrying} retrying`);
  if (errors) parts.push(`${errors} error`);
  if (connecting) parts.push(`${connecting} connecting`);
  const color = errors ? 'red' : retrying ? 'orange' : connecting ? 'gray' : 'green';
  return { text: `Outputs: ${parts.join(' · ')}`, short: `${ok}/${on.length}`, color };
}

/**
 * The header's outputs summary for operators (issue 25), updated live by output_status. Owners
 * and admins click through to /outputs; others read it.
 */
export function OutputsHeaderStatus() {
  const actor = useCurrentUser();
  const statuses = useOutputStatuses();
  const summary = summarise(statuses.data ?? []);
  if (!summary) return null;
  const props = {
    color: summary.color,
    variant: summary.color === 'red' ? 'filled' : 'light',
    radius: 'sm',
    size: 'md',
    leftSection: <IconBroadcast size={14} aria-hidden />,
    title: summary.text,
    'data-testid': 'outputs-header-status',
    'data-color': summary.color,
    tt: 'none',
  } as const;
  const content = (
    <>
      <span className="outputs-status-full">{summary.text}</span>
      <span className="outputs-status-short" aria-hidden>
        {summary.short}
      </span>
    </>
  );
  return can(actor, 'settings.manage') ? (
    <Badge component={Link} to="/outputs" style={{ cursor: 'pointer' }} {...props}>
      {content}
    </Badge>
  ) : (
    <Badge {...props}>{content}</Badge>
  );
}
