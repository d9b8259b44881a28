import { describe, expect, it } from 'vitest';
import type { Role } from './roles';
import {
  BREAKING_NEWS_WINDOW_MS,
  buildNotifications,
  sortNotifications,
  type LoanCandidate,
  type NewsCandidate,
  type NotificationInput,
} from './notification-rules';

const NOW = new Date('2026-03-01T12:00:00.000Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString();
const MIN = 60_000;
const ALL_ON = { equipmentOverdue: true, breakingNews: true, equipmentApproval: true };

const news = (id: number, priority: string, ageMs: number, title = `Story ${id}`): NewsCandidate => ({
  id,
  title,
  priority,
  createdAt: ago(ageMs),
});
const loan = (id: number, status: string, dueAgoMs: number | null, equipmentName = `Cam ${id}`): LoanCandidate => ({
  id,
  equipmentName,
  borrower: 'Sam',
  expectedReturnDate: dueAgoMs === null ? null : ago(dueAgoMs),
  status,
});

function input(over: Partial<NotificationInput>): NotificationInput {
  return {
    news: [],
    loans: [],
    pendingRequests: 0,
    pendingReturns: 0,
    role: 'editor',
    flags: ALL_ON,
    now: NOW,
    ...over,
  };
}

const ids = (i: NotificationInput) => buildNotifications(i).map((n) => n.id);

interface Case {
  name: string;
  in: Partial<NotificationInput>;
  ids: string[];
}

const cases: Case[] = [
  { name: 'nothing at all → empty', in: {}, ids: [] },
  { name: 'breaking news 1 min old', in: { news: [news(1, 'breaking', MIN)] }, ids: ['news-1'] },
  { name: 'urgent news 1 min old', in: { news: [news(1, 'urgent', MIN)] }, ids: ['news-1'] },
  { name: 'normal news is never a notification', in: { news: [news(1, 'normal', MIN)] }, ids: [] },
  { name: 'unknown priority is ignored', in: { news: [news(1, 'low', MIN)] }, ids: [] },
  {
    name: 'news 2 h − 1 ms old is in',
    in: { news: [news(1, 'breaking', BREAKING_NEWS_WINDOW_MS - 1)] },
    ids: ['news-1'],
  },
  { name: 'news exactly 2 h old is out', in: { news: [news(1, 'breaking', BREAKING_NEWS_WINDOW_MS)] }, ids: [] },
  { name: 'news 2 h + 1 ms old is out', in: { news: [news(1, 'urgent', BREAKING_NEWS_WINDOW_MS + 1)] }, ids: [] },
  { name: 'news created this very ms is in', in: { news: [news(1, 'breaking', 0)] }, ids: ['news-1'] },
  {
    name: 'breaking-news flag off hides news',
    in: { news: [news(1, 'urgent', MIN)], flags: { ...ALL_ON, breakingNews: false } },
    ids: [],
  },
  { name: 'approved loan past due', in: { loans: [loan(1, 'approved', MIN)] }, ids: ['overdue-1'] },
  { name: 'checked-out loan past due', in: { loans: [loan(1, 'out', MIN)] }, ids: ['overdue-1'] },
  { name: 'loan awaiting extension past due', in: { loans: [loan(1, 'extension_pending', MIN)] }, ids: ['overdue-1'] },
  { name: 'return requested is not overdue', in: { loans: [loan(1, 'return_requested', MIN)] }, ids: [] },
  { name: 'pending loan is not overdue', in: { loans: [loan(1, 'pending', MIN)] }, ids: [] },
  { name: 'returned loan is not overdue', in: { loans: [loan(1, 'returned', MIN)] }, ids: [] },
  { name: 'rejected loan is not overdue', in: { loans: [loan(1, 'rejected', MIN)] }, ids: [] },
  { name: 'future return date is not overdue', in: { loans: [loan(1, 'out', -MIN)] }, ids: [] },
  { name: 'return date 1 ms in the future is not overdue', in: { loans: [loan(1, 'out', -1)] }, ids: [] },
  { name: 'return date exactly now is not yet overdue', in: { loans: [loan(1, 'out', 0)] }, ids: [] },
  { name: 'return date 1 ms ago is overdue', in: { loans: [loan(1, 'out', 1)] }, ids: ['overdue-1'] },
  { name: 'no return date is never overdue', in: { loans: [loan(1, 'out', null)] }, ids: [] },
  {
    name: 'overdue flag off hides overdue',
    in: { loans: [loan(1, 'out', MIN)], flags: { ...ALL_ON, equipmentOverdue: false } },
    ids: [],
  },
  { name: 'admin sees pending requests', in: { role: 'admin', pendingRequests: 3 }, ids: ['approvals'] },
  { name: 'admin sees pending returns', in: { role: 'admin', pendingReturns: 2 }, ids: ['returns'] },
  {
    name: 'owner sees approvals too',
    in: { role: 'owner', pendingRequests: 1, pendingReturns: 1 },
    ids: ['approvals', 'returns'],
  },
  ...(['editor', 'mcr', 'cameraman', 'technical', 'dev'] as Role[]).map((role) => ({
    name: `${role} never sees approvals`,
    in: { role, pendingRequests: 4, pendingReturns: 4 },
    ids: [],
  })),
  {
    name: 'approval flag off hides approvals for admin',
    in: { role: 'admin', pendingRequests: 4, pendingReturns: 4, flags: { ...ALL_ON, equipmentApproval: false } },
    ids: [],
  },
  {
    name: 'includeRequests off keeps only returns',
    in: { role: 'admin', pendingRequests: 4, pendingReturns: 2, flags: { ...ALL_ON, includeRequests: false } },
    ids: ['returns'],
  },
  {
    name: 'includeReturns off keeps only requests',
    in: { role: 'owner', pendingRequests: 4, pendingReturns: 2, flags: { ...ALL_ON, includeReturns: false } },
    ids: ['approvals'],
  },
  { name: 'zero counts give no approval items', in: { role: 'admin', pendingRequests: 0, pendingReturns: 0 }, ids: [] },
  {
    name: 'sort: urgent news, then high (breaking/overdue newest first), then approvals',
    in: {
      role: 'admin',
      pendingRequests: 1,
      news: [news(1, 'breaking', 30 * MIN), news(2, 'urgent', 50 * MIN)],
      loans: [loan(3, 'out', 10 * MIN)],
    },
    ids: ['news-2', 'overdue-3', 'news-1', 'approvals'],
  },
  {
    name: 'ties in priority and time are ordered by id',
    in: { news: [news(9, 'breaking', MIN), news(10, 'breaking', MIN)], loans: [loan(1, 'out', MIN)] },
    ids: ['news-10', 'news-9', 'overdue-1'],
  },
  {
    name: 'approval and return items tie on time → by id',
    in: { role: 'admin', pendingRequests: 1, pendingReturns: 1 },
    ids: ['approvals', 'returns'],
  },
];

describe('buildNotifications', () => {
  it.each(cases)('$name', (c) => {
    expect(ids(input(c.in))).toEqual(c.ids);
  });

  it('has enough cases to pin the rules', () => {
    expect(cases.length).toBeGreaterThanOrEqual(30);
  });
});

describe('notification texts (docs/product.md §Limits)', () => {
  it('breaking news: title Breaking News, message = the article title, time = created, urgent → urgent', () => {
    const [n] = buildNotifications(input({ news: [news(7, 'urgent', MIN, 'Fire downtown')] }));
    expect(n).toEqual({
      id: 'news-7',
      type: 'breaking_news',
      title: 'Breaking News',
      message: 'Fire downtown',
      time: ago(MIN),
      priority: 'urgent',
    });
  });
  it('breaking → high', () => {
    expect(buildNotifications(input({ news: [news(7, 'breaking', MIN)] }))[0]?.priority).toBe('high');
  });
  it('overdue: Equipment Overdue / {equipment} is overdue for return, high', () => {
    const [n] = buildNotifications(input({ loans: [loan(4, 'out', MIN, 'Sony FX6')] }));
    expect(n).toEqual({
      id: 'overdue-4',
      type: 'equipment_overdue',
      title: 'Equipment Overdue',
      message: 'Sony FX6 is overdue for return',
      time: ago(MIN),
      priority: 'high',
    });
  });
  it('approvals: counts in the messages, normal priority', () => {
    const items = buildNotifications(input({ role: 'admin', pendingRequests: 3, pendingReturns: 2 }));
    expect(items.map((n) => [n.type, n.title, n.message, n.priority])).toEqual([
      ['equipment_approval', 'Equipment Approvals', '3 pending equipment requests', 'normal'],
      ['equipment_return', 'Return Approvals', '2 pending return requests', 'normal'],
    ]);
  });
});

describe('sortNotifications', () => {
  it('does not mutate its input', () => {
    const items = [
      { id: 'a', priority: 'normal' as const, time: ago(0) },
      { id: 'b', priority: 'urgent' as const, time: ago(0) },
    ];
    sortNotifications(items);
    expect(items.map((i) => i.id)).toEqual(['a', 'b']);
  });
});
