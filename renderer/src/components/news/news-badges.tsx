import { Badge } from '@mantine/core';
import type { NewsPriority, NewsStatus } from '@shared/contracts/news';
import { PRIORITY_LABELS, STATUS_LABELS } from '@/lib/news/news-format';

/** Breaking and urgent stand out in solid colour; normal stays quiet so it does not compete. */
export function PriorityBadge({ priority }: { priority: NewsPriority }) {
  if (priority === 'normal') {
    return (
      <Badge color="gray" variant="outline" size="sm">
        {PRIORITY_LABELS.normal}
      </Badge>
    );
  }
  return (
    <Badge color={priority === 'breaking' ? 'red' : 'orange'} variant="filled" size="sm">
      {PRIORITY_LABELS[priority]}
    </Badge>
  );
}

const STATUS_COLORS: Record<NewsStatus, string> = { draft: 'yellow', approved: 'blue', published: 'green' };

export function StatusBadge({ status }: { status: NewsStatus }) {
  return (
    <Badge color={STATUS_COLORS[status]} variant="light" size="sm">
      {STATUS_LABELS[status]}
    </Badge>
  );
}
