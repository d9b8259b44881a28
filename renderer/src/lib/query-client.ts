import { QueryCache, QueryClient, type QueryFunction, type QueryKey } from '@tanstack/react-query';
import { HttpError, apiRequest, isUnauthorized } from './api-client';

export type UnauthorizedBehavior = 'throw' | 'returnNull';

/** Cached reads: the query key's segments joined by '/' are the path (docs/product.md §API). */
export function keyToPath(queryKey: QueryKey): string {
  return queryKey.map(String).join('/');
}

export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    try {
      const res = await apiRequest('GET', keyToPath(queryKey));
      if (signal.aborted) return null;
      return (await res.json()) as T;
    } catch (error) {
      if (on401 === 'returnNull' && error instanceof HttpError && error.status === 401) return null;
      throw error;
    }
  };
}

let unauthorizedHandler: () => void = () => {};

/** The session registers here: any 401 means the token is dead, so the user goes to /login. */
export function onUnauthorized(handler: () => void): void {
  unauthorizedHandler = handler;
}

export const queryClient = new QueryClient({
  queryCache: new QueryCache({
    onError: (error) => {
      if (isUnauthorized(error)) unauthorizedHandler();
    },
  }),
  defaultOptions: {
    // 'always': never pause offline and never replay later. A write either reaches the server
    // now or fails now (docs/design-rules.md §4); reads fail visibly and the live channel refetches them.
    queries: {
      networkMode: 'always',
      queryFn: getQueryFn({ on401: 'throw' }),
      staleTime: Infinity,
      refetchOnWindowFocus: false,
      refetchInterval: false,
      retry: false,
    },
    mutations: { retry: false, networkMode: 'always' },
  },
});
