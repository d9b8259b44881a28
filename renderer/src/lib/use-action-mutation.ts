import { useMutation, type UseMutationOptions, type UseMutationResult } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { ActionInFlightError, createInFlightGuard } from './in-flight-guard';

/**
 * useMutation for user actions (docs/design-rules.md §4 "User actions run once and now"): never paused
 * offline, and a second mutate() while the first request is in flight is ignored (a
 * mutateAsync() is rejected with ActionInFlightError), so a double-click sends once. Callers
 * disable their buttons with `isPending`. Every hook in features/<name>/api uses this.
 */
export function useActionMutation<TData = unknown, TVariables = void, TContext = unknown>(
  options: UseMutationOptions<TData, Error, TVariables, TContext>,
): UseMutationResult<TData, Error, TVariables, TContext> {
  const [guard] = useState(createInFlightGuard);
  const { onSettled } = options;
  const result = useMutation<TData, Error, TVariables, TContext>({
    ...options,
    networkMode: 'always',
    // Hook-level onSettled runs even if the component unmounted meanwhile, so the latch always opens.
    onSettled: (...args) => {
      guard.release();
      return onSettled?.(...args);
    },
  });
  const { mutate: rawMutate, mutateAsync: rawMutateAsync } = result;
  const mutate = useCallback<typeof rawMutate>(
    (...args) => {
      if (guard.tryEnter()) rawMutate(...args);
    },
    [guard, rawMutate],
  );
  const mutateAsync = useCallback<typeof rawMutateAsync>(
    (...args) => (guard.tryEnter() ? rawMutateAsync(...args) : Promise.reject(new ActionInFlightError())),
    [guard, rawMutateAsync],
  );
  return { ...result, mutate, mutateAsync };
}
