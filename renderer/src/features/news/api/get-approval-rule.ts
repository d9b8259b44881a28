import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NewsApprovalRule } from '@shared/contracts/news';

/** Issue 39: whether a second person approves (every signed-in user; settings_updated refetches it). */
export const approvalRuleQueryKey = ['/api/news/approval-rule'] as const;

export function useApprovalRule(): NewsApprovalRule {
  return useQuery(queryOptions<NewsApprovalRule>({ queryKey: approvalRuleQueryKey })).data ?? { secondApprover: false };
}
