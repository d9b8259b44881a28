import type { Role } from './roles';

/**
 * The bell's rules (docs/product.md §Limits), one pure module for the server (GET /api/notifications) and
 * the client (sorting). Nothing here reads a clock or a database: the caller passes `now`.
 */

export type NotificationPriority = 'urgent' | 'high' | 'normal';
export type NotificationType =
  | 'equipment_overdue'
  | 'breaking_news'
  | 'equipment_approval'
  | 'equipment_return'
  | 'story_returned'
  | 'story_deleted'
  | 'story_submitted'
  | 'backup_late';

/** A client-side notification (docs/product.md §Data). */
export interface ClientNotification {
  id: string;
  type: NotificationType;
  title: string;
  message: string;
  /** ISO-8601 */
  time: string;
  priority: NotificationPriority;
}

export interface NewsCandidate {
  id: number;
  title: string;
  priority: string;
  /** ISO-8601 */
  createdAt: string;
}

export interface LoanCandidate {
  id: number;
  equipmentName: string;
  borrower: string | null;
  /** ISO-8601, or null when the loan has no return date. */
  expectedReturnDate: string | null;
  status: string;
}

/** One of the viewer's own stories an editor sent back, not edited since (issue 26). */
export interface ReturnedCandidate {
  id: number;
  title: string;
  reason: string;
  kind: string;
  byName: string | null;
  /** ISO-8601 */
  at: string;
}

/** An approved or published story someone else deleted, still restorable (issue 39). */
export interface DeletedCandidate {
  id: number;
  title: string;
  status: string;
  byName: string | null;
  /** ISO-8601 */
  deletedAt: string;
  scheduledForDeletion: string;
}

/** A draft submitted for approval (issue 39), for the approvers (news.manage) who did not write it. */
export interface SubmittedCandidate {
  id: number;
  title: string;
  byName: string | null;
  /** ISO-8601 */
  submittedAt: string;
}

/** The last off-PC backup copy (null: none yet, though one was tried) and when it became late. */
export interface BackupLateCandidate {
  lastCopyAt: string | null;
  /** ISO-8601: two intervals after the last copy. */
  lateSince: string;
}

export interface NotificationFlags {
  equipmentOverdue: boolean;
  breakingNews: boolean;
  equipmentApproval: boolean;
  /** equipmentApproval.includeRequests / includeReturns of the user's preferences (docs/product.md §Data); absent = true. */
  includeRequests?: boolean;
  includeReturns?: boolean;
}

export interface NotificationInput {
  news: readonly NewsCandidate[];
  loans: readonly LoanCandidate[];
  pendingRequests: number;
  pendingReturns: number;
  /** The viewer's stories sent back to them; a person addressed them, so no preference hides it. */
  returned?: readonly ReturnedCandidate[];
  /** For owners and admins (DELETION_WATCH_ROLES): approved/published stories others deleted. */
  deleted?: readonly DeletedCandidate[];
  /** For the host station's owners: the off-PC backup copy is late (issue 41), until a copy is made. */
  backupLate?: BackupLateCandidate | null;
  /** For approvers (news.manage): drafts waiting for approval that the viewer did not write (issue 39). */
  submitted?: readonly SubmittedCandidate[];
  role: Role;
  flags: NotificationFlags;
  now: Date;
}

/** News this young (strictly less) raises a breaking-news notification. */
export const BREAKING_NEWS_WINDOW_MS = 2 * 60 * 60 * 1000;

/**
 * "Approved" of docs/product.md §Limits is the whole loan in the original app; here a loan is approved, then
 * out, and may wait on an extension — the unit is with someone in all three. A return_requested
 * loan has been handed back (it waits for the admin), so it is not overdue for the borrower.
 */
export const OVERDUE_STATUSES: readonly string[] = ['approved', 'out', 'extension_pending'];

/**
 * Spec 000 §6 says admin only; docs/design-rules.md §5 lets the owner approve requests and returns too, and
 * an approval nobody is told about waits — so the owner is told as well.
 */
export const APPROVAL_ROLES: readonly Role[] = ['admin', 'owner'];

/** Urgent news is the most pressing; breaking news and overdue kit come next; approvals can wait. */
const NEWS_PRIORITY: Record<string, NotificationPriority | undefined> = { urgent: 'urgent', breaking: 'high' };
const OVERDUE_PRIORITY: NotificationPriority = 'high';
const APPROVAL_PRIORITY: NotificationPriority = 'normal';

const PRIORITY_RANK: Record<NotificationPriority, number> = { urgent: 0, high: 1, normal: 2 };

/** Urgent first, then high, then normal; newest first within each; then by id (stable output). */
export function sortNotifications<T extends { priority: NotificationPriority; time: string; id?: string }>(
  items: readonly T[],
): T[] {
  return [...items].sort(
    (a, b) =>
      PRIORITY_RANK[a.priority] - PRIORITY_RANK[b.priority] ||
      Date.parse(b.time) - Date.parse(a.time) ||
      (a.id ?? '').localeCompare(b.id ?? ''),
  );
}

function breakingNews(news: readonly NewsCandidate[], nowMs: number): ClientNotification[] {
  const out: ClientNotification[] = [];
  for (const n of news) {
    const priority = NEWS_PRIORITY[n.priority];
    const age = nowMs - Date.parse(n.createdAt);
    // Future-dated rows (clock skew) are still "recent"; NaN dates are dropped.
    if (!priority || !(age < BREAKING_NEWS_WINDOW_MS)) continue;
    out.push({
      id: `news-${n.id}`,
      type: 'breaking_news',
      title: 'Breaking News',
      message: n.title,
      time: n.createdAt,
      priority,
    });
  }
  return out;
}

function overdueLoans(loans: readonly LoanCandidate[], nowMs: number): ClientNotification[] {
  const out: ClientNotification[] = [];
  for (const loan of loans) {
    if (!OVERDUE_STATUSES.includes(loan.status) || !loan.expectedReturnDate) continue;
    if (!(Date.parse(loan.expectedReturnDate) < nowMs)) continue;
    out.push({
      id: `overdue-${loan.id}`,
      type: 'equipment_overdue',
      title: 'Equipment Overdue',
      message: `${loan.equipmentName} is overdue for return`,
      time: loan.expectedReturnDate,
      priority: OVERDUE_PRIORITY,
    });
  }
  return out;
}

function approvals(input: NotificationInput): ClientNotification[] {
  if (!input.flags.equipmentApproval || !APPROVAL_ROLES.includes(input.role)) return [];
  const time = input.now.toISOString();
  const out: ClientNotification[] = [];
  if (input.pendingRequests > 0 && input.flags.includeRequests !== false) {
    const message = `${input.pendingRequests} pending equipment requests`;
    out.push({
      id: 'approvals',
      type: 'equipment_approval',
      title: 'Equipment Approvals',
      message,
      time,
      priority: APPROVAL_PRIORITY,
    });
  }
  if (input.pendingReturns > 0 && input.flags.includeReturns !== false) {
    const message = `${input.pendingReturns} pending return requests`;
    out.push({
      id: 'returns',
      type: 'equipment_return',
      title: 'Return Approvals',
      message,
      time,
      priority: APPROVAL_PRIORITY,
    });
  }
  return out;
}

function returnedStories(returned: readonly ReturnedCandidate[]): ClientNotification[] {
  return returned.map((r) => ({
    id: `returned-${r.id}-${r.at}`,
    type: 'story_returned',
    title: r.kind === 'unapproved' ? 'Story taken back' : 'Story sent back',
    message: `"${r.title}": ${r.reason}${r.byName ? ` — ${r.byName}` : ''}`,
    time: r.at,
    priority: 'high',
  }));
}

/**
 * Issue 39: a story approved for air that is deleted may be on a bulletin or the crawler; the
 * owners and admins (who may restore it) are told while it is in the recycle bin.
 */
export const DELETION_WATCH_ROLES: readonly Role[] = ['owner', 'admin'];

function deletedStories(input: NotificationInput, nowMs: number): ClientNotification[] {
  if (!DELETION_WATCH_ROLES.includes(input.role)) return [];
  return (input.deleted ?? [])
    .filter((d) => Date.parse(d.scheduledForDeletion) > nowMs)
    .map((d) => ({
      id: `deleted-${d.id}-${d.deletedAt}`,
      type: 'story_deleted' as const,
      title: d.status === 'published' ? 'Published story deleted' : 'Approved story deleted',
      message: `"${d.title}" was deleted${d.byName ? ` by ${d.byName}` : ''}. Restore it from the Recycle Bin if it should stay.`,
      time: d.deletedAt,
      priority: 'high' as const,
    }));
}

/** Issue 39: a writer asked for approval; the reader's repo passes only what this viewer may approve. */
function submittedStories(submitted: readonly SubmittedCandidate[]): ClientNotification[] {
  return submitted.map((s) => ({
    id: `submitted-${s.id}-${s.submittedAt}`,
    type: 'story_submitted' as const,
    title: 'Submitted for approval',
    message: `"${s.title}"${s.byName ? ` — ${s.byName}` : ''}`,
    time: s.submittedAt,
    priority: APPROVAL_PRIORITY,
  }));
}

/** One item per copy missed (its id names the last copy), to owners only; no preference hides it. */
function backupLate(input: NotificationInput): ClientNotification[] {
  const late = input.backupLate;
  if (!late || input.role !== 'owner') return [];
  const message = late.lastCopyAt
    ? 'No backup has reached the off-PC folder for more than two backup intervals. Check the folder on the Backups page.'
    : 'No backup has reached the off-PC folder yet. Check the folder on the Backups page.';
  return [
    {
      id: `backup-late-${late.lastCopyAt ?? 'never'}`,
      type: 'backup_late',
      title: 'Off-PC backup late',
      message,
      time: late.lateSince,
      priority: 'high',
    },
  ];
}

/** Every notification the viewer should see now, sorted (docs/product.md §Limits). */
export function buildNotifications(input: NotificationInput): ClientNotification[] {
  const nowMs = input.now.getTime();
  return sortNotifications([
    ...(input.flags.breakingNews ? breakingNews(input.news, nowMs) : []),
    ...(input.flags.equipmentOverdue ? overdueLoans(input.loans, nowMs) : []),
    ...approvals(input),
    ...returnedStories(input.returned ?? []),
    ...deletedStories(input, nowMs),
    ...submittedStories(input.submitted ?? []),
    ...backupLate(input),
  ]);
}
