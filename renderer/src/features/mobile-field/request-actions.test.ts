import { describe, expect, it } from 'vitest';
import { isOpenLoanOf, mobileActions } from './request-actions';

const cameraman = { id: 7, role: 'cameraman' };
const admin = { id: 1, role: 'admin' };
const own = (status: Parameters<typeof mobileActions>[0]['status']) => ({ status, requestedBy: 7 });

describe('mobile request actions', () => {
  it('offers Approve on pending to owner and admin only', () => {
    expect(mobileActions(own('pending'), admin)).toEqual(['approve']);
    expect(mobileActions(own('pending'), { id: 2, role: 'owner' })).toEqual(['approve']);
    expect(mobileActions(own('pending'), cameraman)).toEqual([]);
    expect(mobileActions(own('pending'), { id: 3, role: 'editor' })).toEqual([]);
  });

  it("offers Check Out and Request Extension to the loan's participants, no Return before Check Out (issue 39)", () => {
    expect(mobileActions(own('approved'), cameraman)).toEqual(['checkout', 'extend']);
    expect(mobileActions(own('approved'), admin)).toEqual(['checkout', 'extend']);
    expect(mobileActions(own('approved'), { id: 5, role: 'technical' })).toEqual(['checkout', 'extend']);
    expect(mobileActions(own('approved'), { id: 9, role: 'editor' })).toEqual([]);
    expect(mobileActions(own('approved'), { id: 9, role: 'cameraman' })).toEqual([]);
  });

  it('offers Return on out to anyone, an extension to participants, and Approve Return to approvers once asked', () => {
    expect(mobileActions(own('out'), cameraman)).toEqual(['return', 'extend']);
    expect(mobileActions(own('out'), { id: 9, role: 'editor' })).toEqual(['return']);
    expect(mobileActions(own('return_requested'), cameraman)).toEqual([]);
    expect(mobileActions(own('return_requested'), admin)).toEqual(['approve-return']);
  });

  it('offers nothing on rejected or returned (docs/product.md §States: rejected has no action)', () => {
    for (const status of ['rejected', 'returned'] as const) {
      expect(mobileActions(own(status), admin)).toEqual([]);
      expect(mobileActions(own(status), cameraman)).toEqual([]);
    }
  });

  it('knows which loans the viewer holds now', () => {
    expect(isOpenLoanOf(own('approved'), 7)).toBe(true);
    expect(isOpenLoanOf(own('out'), 7)).toBe(true);
    expect(isOpenLoanOf(own('pending'), 7)).toBe(false);
    expect(isOpenLoanOf(own('out'), 8)).toBe(false);
  });
});
