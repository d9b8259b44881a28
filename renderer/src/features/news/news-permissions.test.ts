import { describe, expect, it } from 'vitest';
import type { Role } from '@shared/roles';
import { newsRowActions } from './news-permissions';

const actor = (role: Role, id = 1) => ({ id, role, roletype: 'user' as const });

describe('newsRowActions', () => {
  it('gives managers the workflow step that fits the status', () => {
    for (const role of ['owner', 'admin', 'editor'] as const) {
      expect(newsRowActions(actor(role), { status: 'draft', createdBy: 9 })).toEqual([
        'view',
        'edit',
        'approve',
        'send_back',
        'delete',
      ]);
      expect(newsRowActions(actor(role), { status: 'approved', createdBy: 9 })).toEqual([
        'view',
        'edit',
        'publish',
        'take_back',
        'delete',
      ]);
    }
  });

  it('offers only view and delete on a published article', () => {
    expect(newsRowActions(actor('admin'), { status: 'published', createdBy: 1 })).toEqual(['view', 'delete']);
    expect(newsRowActions(actor('mcr'), { status: 'published', createdBy: 1 })).toEqual(['view']);
  });

  it('lets writers edit only their own drafts and never approve', () => {
    // Issue 39: a writer submits their own draft for approval, once.
    expect(newsRowActions(actor('mcr', 5), { status: 'draft', createdBy: 5 })).toEqual(['view', 'edit', 'submit']);
    expect(
      newsRowActions(actor('mcr', 5), { status: 'draft', createdBy: 5, submittedAt: '2026-11-28T10:00:00.000Z' }),
    ).toEqual(['view', 'edit']);
    expect(newsRowActions(actor('mcr', 5), { status: 'draft', createdBy: 6 })).toEqual(['view']);
    expect(newsRowActions(actor('mcr', 5), { status: 'approved', createdBy: 5 })).toEqual(['view']);
  });

  it('gives roles that cannot write news a read-only row', () => {
    expect(newsRowActions(actor('cameraman', 5), { status: 'draft', createdBy: 5 })).toEqual(['view']);
    expect(newsRowActions(actor('technical', 5), { status: 'draft', createdBy: 5 })).toEqual(['view']);
  });

  it('with a second approver (issue 39), nobody is offered Approve on a story they wrote — owners included', () => {
    const rule = { secondApprover: true };
    for (const role of ['owner', 'admin', 'editor'] as const) {
      expect(newsRowActions(actor(role, 5), { status: 'draft', createdBy: 5 }, rule)).toEqual([
        'view',
        'edit',
        'submit',
        'send_back',
        'delete',
      ]);
      expect(newsRowActions(actor(role, 5), { status: 'draft', createdBy: 6 }, rule)).toEqual([
        'view',
        'edit',
        'approve',
        'send_back',
        'delete',
      ]);
      // Off (the spec's default): their own story is theirs to approve.
      expect(newsRowActions(actor(role, 5), { status: 'draft', createdBy: 5 }, { secondApprover: false })).toContain(
        'approve',
      );
    }
  });
});
