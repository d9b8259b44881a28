import { queryOptions, useQuery } from '@tanstack/react-query';
import { brandingSchema, type Branding } from '@shared/contracts/settings';
import { queryClient } from '@/lib/query-client';

/** Every signed-in user reads the company's colours; branding_updated writes this key directly. */
export const brandingQueryKey = ['/api/settings/branding'] as const;

export function brandingQueryOptions() {
  return queryOptions<Branding>({ queryKey: brandingQueryKey });
}

const STORED_BRANDING_KEY = 'branding';

/** The colours this browser last saw: the first paint after a reload is already branded. */
export function readStoredBranding(): Branding | undefined {
  try {
    const parsed = brandingSchema.safeParse(JSON.parse(localStorage.getItem(STORED_BRANDING_KEY) ?? 'null'));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export function storeBranding(branding: Branding): void {
  localStorage.setItem(STORED_BRANDING_KEY, JSON.stringify(branding));
}

export function useBranding(enabled: boolean) {
  return useQuery({ ...brandingQueryOptions(), enabled, placeholderData: readStoredBranding });
}

/** New colours from a save or a live message: applied at once, no refetch round trip. */
export function setBrandingData(data: unknown): void {
  const parsed = brandingSchema.safeParse(data);
  if (parsed.success) queryClient.setQueryData(brandingQueryKey, parsed.data);
}
