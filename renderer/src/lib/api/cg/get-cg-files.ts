import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { CgFile } from '@shared/contracts/cg-files';

/** The shell's cg_file_updated refresh and every CG write here use this key. */
export const cgFilesQueryKey = ['/api/cg-files'] as const;

/** "CG files sync every 5 seconds to the title box" (docs/product.md §Screens and routes): a safety net under the live channel. */
export const CG_SYNC_MS = 5000;

export function cgFilesQueryOptions() {
  return queryOptions<CgFile[]>({ queryKey: cgFilesQueryKey, refetchInterval: CG_SYNC_MS });
}

export function useCgFiles() {
  return useQuery(cgFilesQueryOptions());
}

/** Text of one CG type as the server has it ('' when there is no file). */
export function cgText(files: readonly CgFile[] | undefined, type: CgFile['type']): string {
  return files?.find((f) => f.type === type)?.content ?? '';
}

/**
 * Writes the server's answer into the cache at once, so our own preview changes on the click,
 * not 300 ms later when the live echo's refetch lands.
 */
export function mergeCgFiles(queryClient: QueryClient, saved: readonly CgFile[]): void {
  queryClient.setQueryData<CgFile[]>(cgFilesQueryKey, (old) => {
    if (!old) return old;
    const byType = new Map(old.map((f) => [f.type, f]));
    for (const file of saved) byType.set(file.type, file);
    return [...byType.values()];
  });
}
