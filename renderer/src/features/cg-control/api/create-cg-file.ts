import { useQueryClient } from '@tanstack/react-query';
import { useActionMutation } from '@/lib/use-action-mutation';
import type { CgFile, CgWritableType } from '@shared/contracts/cg-files';
import type { CgNext } from '@shared/contracts/cg-next';
import { apiJson } from '@/lib/api-client';
import { mergeCgFiles } from '@/lib/api/cg/get-cg-files';
import { setNextIfNewer } from '@/lib/api/cg/get-cg-next';
import { noteOwnNext } from '@/lib/cg/next/own-next';

export interface CreateCgFileInput {
  type: CgWritableType;
  content: string;
  /** With a headline: airs (or is staged) with it; left out, the subheadline is cleared (issue 38). */
  subheadline?: string;
  /** Take mode: the text waits in NEXT (without it the server refuses a write that would air at once). */
  stage?: boolean;
}

/** The file as it is now; `staged` with NEXT when take mode staged the text (issue 38). */
export type CgFileAnswer = CgFile & { staged?: true; next?: CgNext };

/** 201 for a new type, 200 when the type already had a file (one file per type: replaced). */
export function createCgFile(body: CreateCgFileInput): Promise<CgFileAnswer> {
  return apiJson<CgFileAnswer>('POST', '/api/cg-files', body);
}

/** The file centre's answers: the file, and NEXT when its text was staged. */
export function useApplyCgFileAnswer(): (answer: CgFileAnswer) => void {
  const queryClient = useQueryClient();
  return ({ staged, next, ...file }) => {
    mergeCgFiles(queryClient, [file]);
    if (staged && next) {
      noteOwnNext(next.version);
      setNextIfNewer(queryClient, next);
    }
  };
}

export function useCreateCgFile() {
  const apply = useApplyCgFileAnswer();
  return useActionMutation({ mutationFn: createCgFile, onSuccess: apply });
}
