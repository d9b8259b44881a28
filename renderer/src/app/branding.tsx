import { MantineProvider, mergeThemeOverrides, type MantineThemeOverride } from '@mantine/core';
import { useEffect, useMemo, type ReactNode } from 'react';
import { DEFAULT_BRANDING } from '@shared/branding';
import type { Branding } from '@shared/contracts/settings';
import { useSession } from '@/lib/session-store';
import { storeBranding, useBranding } from '@/features/settings/api/get-branding';
import { brandShades } from './brand-colors';
import { contrastVariables, theme } from './theme';

/** The company's colours as theme overrides: `brand` is the primary colour, `secondary` the accent. */
export function brandTheme(branding: Branding): MantineThemeOverride {
  return mergeThemeOverrides(theme, {
    colors: { brand: brandShades(branding.primaryColor), secondary: brandShades(branding.secondaryColor) },
    primaryColor: 'brand',
  });
}

const defaultTheme = brandTheme(DEFAULT_BRANDING);

/**
 * MantineProvider with the company's branding once signed in (GET /api/settings/branding, kept
 * current by branding_updated; the last colours seen are remembered so a reload paints them at
 * once). The login page and a failed first read keep the default colours.
 */
export function BrandingProvider({ children }: { children: ReactNode }) {
  const signedIn = useSession((s) => s.status === 'authenticated');
  const branding = useBranding(signedIn);
  const confirmed = branding.isPlaceholderData ? undefined : branding.data;
  useEffect(() => {
    if (confirmed) storeBranding(confirmed);
  }, [confirmed]);
  const primary = signedIn ? branding.data?.primaryColor : undefined;
  const secondary = signedIn ? branding.data?.secondaryColor : undefined;
  const current = useMemo(
    () => (primary && secondary ? brandTheme({ primaryColor: primary, secondaryColor: secondary }) : defaultTheme),
    [primary, secondary],
  );
  return (
    <MantineProvider theme={current} defaultColorScheme="dark" cssVariablesResolver={contrastVariables}>
      {children}
    </MantineProvider>
  );
}
