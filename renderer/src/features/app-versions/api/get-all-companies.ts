import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Company } from '@shared/contracts/companies';

/** Every company (GET /api/companies?scope=all): devs only, for the form's company pickers. */
export const allCompaniesQueryKey = ['/api/companies?scope=all'] as const;

export function allCompaniesQueryOptions(enabled: boolean) {
  return queryOptions<Company[]>({ queryKey: allCompaniesQueryKey, enabled });
}

export function useAllCompanies(enabled: boolean) {
  return useQuery(allCompaniesQueryOptions(enabled));
}
