import type { Express, RequestHandler } from 'express';

/** One route as Express will match it: the method and the full path it is mounted at. */
export interface MountedRoute {
  method: string;
  path: string;
}

/** The bits of Express 5's router (router@2) the walk reads; not part of its typed API. */
interface Route {
  path: string | string[];
  methods: Record<string, boolean>;
  stack: unknown[];
}
interface Layer {
  route?: Route;
  handle?: { stack?: Layer[] };
  rawPath?: string | string[];
}
interface WalkedRoute extends MountedRoute {
  route: Route;
}

/**
 * Every route registered on the app, read from the router stack after mounting: a route added to
 * any *.routes.ts shows up here without that file knowing the table exists (server/route-table.ts).
 */
export function mountedRoutes(app: Express): MountedRoute[] {
  return walked(app).map(({ method, path }) => ({ method, path }));
}

/**
 * Puts `guardOf`'s middleware first among each route's handlers for that method, so it runs after
 * Express matched the route and before anything the router wrote. A route reached under two mount
 * paths would get both paths' guards: refused, so the server does not start.
 */
export function guardRoutes(app: Express, guardOf: (route: MountedRoute) => RequestHandler | null): void {
  const seen = new Map<Route, string>();
  for (const { route, method, path } of walked(app)) {
    const before = seen.get(route);
    if (before !== undefined && before !== path)
      throw new Error(`route ${method} ${path} is also mounted at ${before}: one guard per route`);
    seen.set(route, path);
    const guard = guardOf({ method, path });
    if (!guard) continue;
    // Route#get(fn) etc. add a layer for that method at the end (public API); it is moved to the front.
    const add = (route as unknown as Record<string, ((fn: RequestHandler) => void) | undefined>)[method.toLowerCase()];
    if (typeof add !== 'function') throw new Error(`route ${method} ${path}: Express has no ${method} method to guard`);
    add.call(route, guard);
    route.stack.unshift(route.stack.pop());
  }
}

function walked(app: Express): WalkedRoute[] {
  const stack = (app as unknown as { router: { stack: Layer[] } }).router.stack;
  const out: WalkedRoute[] = [];
  walk(stack, '', out);
  return out;
}

function walk(stack: Layer[], prefix: string, out: WalkedRoute[]): void {
  for (const layer of stack) {
    if (layer.route) {
      for (const path of [layer.route.path].flat()) {
        for (const [method, on] of Object.entries(layer.route.methods)) {
          if (on && method !== '_all')
            out.push({ method: method.toUpperCase(), path: join(prefix, path), route: layer.route });
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
