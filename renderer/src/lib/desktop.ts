import { DESKTOP_GLOBAL, type DesktopApi } from '@shared/desktop-api';

/**
 * The desktop host's bridge when this page runs in the CG Bridge window, else null: LAN
 * browsers and phones have no `window.cgBridge`, and every caller must work without it.
 */
export function desktopApi(scope: object = globalThis): DesktopApi | null {
  const api = (scope as Record<string, unknown>)[DESKTOP_GLOBAL] as Partial<DesktopApi> | undefined;
  return api?.isDesktop === true ? (api as DesktopApi) : null;
}
