import type { Express } from 'express';

/** One route as Express will match it: the method and the full path it is mounted at. */
export interface MountedRoute {
  method: string;
  path: string;
}

/** The bits of Express 5's router (router@2) the walk reads; not part of its typed API. */
interface Layer {
  route?: { path: string | string[]; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
  rawPath?: string | string[];
}

/**
 * Every route registered on the app, read from the router stack after mounting: a route added to
 * any *.routes.ts shows up here without that file knowing the table exists (server/route-table.ts).
 */
export function mountedRoutes(app: Express): MountedRoute[] {
  const stack = (app as unknown as { router: { stack: Layer[] } }).router.stack;
  const out: MountedRoute[] = [];
  walk(stack, '', out);
  return out;
}

function walk(stack: Layer[], prefix: string, out: MountedRoute[]): void {
  for (const layer of stack) {
    if (layer.route) {
      for (const path of [layer.route.path].flat()) {
        for (const [method, on] of Object.entries(layer.route.methods)) {
          if (on && method !== '_all') out.push({ method: method.toUpperCase(), path: join(prefix, path) });
        }
      }
    } else if (layer.handle?.stack) {
      // A mounted router: its routes sit under the mount path (rawPath, router@2).
      const mount = typeof layer.rawPath === 'string' ? layer.rawPath : '';
      walk(layer.handle.stack, join(prefix, mount), out);
    }
  }
}

function join(prefix: string, path: string): string {
  const joined = `${prefix}/${path}`.replace(/\/+/g, '/');
  return joined.length > 1 ? joined.replace(/\/$/, '') : joined;
}
