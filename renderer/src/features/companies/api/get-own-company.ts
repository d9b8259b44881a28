import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Company } from '@shared/contracts/companies';

export const ownCompanyQueryKey = ['/api/companies'] as const;

/** The caller's company; the default query fn GETs the key's path. */
export function ownCompanyQueryOptions() {
  return queryOptions<Company>({ queryKey: ownCompanyQueryKey });
}

/** Asked only when the user has a company (docs/product.md §API). */
export function useOwnCompany(companyId: number | null | undefined) {
  return useQuery({ ...ownCompanyQueryOptions(), enabled: companyId != null });
}
