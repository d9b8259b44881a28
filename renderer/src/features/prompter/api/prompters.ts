import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { PROMPTER_CONTENT_REFETCH_MS } from '@shared/constants';
import type { Ok } from '@shared/contracts/common';
import type {
  CreatePrompterInput,
  Prompter,
  PrompterContent,
  PrompterSession,
  UpdatePrompterInput,
} from '@shared/contracts/prompters';
import { apiJson } from '@/lib/api-client';
import { useActionMutation } from '@/lib/use-action-mutation';

export const promptersQueryKey = ['/api/prompters'] as const;
/** Every prompter's script (live events refresh all open readers at once by this prefix). */
export const anyPrompterContentQueryKey = ['prompter-content'] as const;
export const prompterContentQueryKey = (id: number) => [...anyPrompterContentQueryKey, id] as const;

export function usePrompters() {
  return useQuery(queryOptions<Prompter[]>({ queryKey: promptersQueryKey }));
}

/** The script, refetched every 30 s (docs/product.md §Limits) and on bulletin/news live events. */
export function usePrompterContent(id: number | null) {
  return useQuery(
    queryOptions<PrompterContent>({
      queryKey: prompterContentQueryKey(id ?? 0),
      queryFn: ({ signal }) => apiJson<PrompterContent>('GET', `/api/prompters/${id}/content`, undefined, { signal }),
      enabled: id !== null,
      refetchInterval: PROMPTER_CONTENT_REFETCH_MS,
      refetchIntervalInBackground: true,
    }),
  );
}

const refresh = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: promptersQueryKey });

/** Put the saved prompter into the list at once (the live event refreshes other screens). */
function patchList(queryClient: QueryClient, saved: Prompter): void {
  queryClient.setQueryData<Prompter[]>(promptersQueryKey, (list) =>
    list
      ? list.some((p) => p.id === saved.id)
        ? list.map((p) => (p.id === saved.id ? saved : p))
        : [saved, ...list]
      : list,
  );
}

export function useCreatePrompter() {
  const queryClient = useQueryClient();
  return useActionMutation({
    mutationFn: (body: CreatePrompterInput) => apiJson<Prompter>('POST', '/api/prompters', body),
    onSuccess: (saved) => {
      patchList(queryClient, saved);
      return refresh(queryClient);
    },
  });
}

/** Partial: the settings dialog and the reader's toggles send only what changed. */
export function updatePrompter(id: number, body: UpdatePrompterInput): Promise<Prompter> {
  return apiJson<Prompter>('PUT', `/api/prompters/${id}`, body);
}

export function useUpdatePrompter() {
  const queryClient = useQueryClient();
  return useActionMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdatePrompterInput }) => updatePrompter(id, body),
    onSuccess: (saved) => {
      patchList(queryClient, saved);
      return refresh(queryClient);
    },
  });
}

export function useDeletePrompter() {
  const queryClient = useQueryClient();
  return useActionMutation({
    mutationFn: (id: number) => apiJson<Ok>('DELETE', `/api/prompters/${id}`),
    onSuccess: () => refresh(queryClient),
  });
}

export function startPrompterSession(prompterId: number): Promise<PrompterSession> {
  return apiJson<PrompterSession>('POST', `/api/prompters/${prompterId}/sessions`, {});
}

export interface SessionAction {
  type: string;
  at?: string;
  detail?: string;
}

export function endPrompterSession(sessionId: number, actions: SessionAction[]): Promise<PrompterSession> {
  return apiJson<PrompterSession>('PUT', `/api/prompter-sessions/${sessionId}/end`, { actions });
}
