import type { UploadedAppFile } from '@shared/contracts/app-versions';
import { HttpError, TOKEN_KEY } from '@/lib/api-client';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { RequestFailure, browserIsOffline } from '@/lib/request-errors';
import { useActionMutation } from '@/lib/use-action-mutation';

export interface UploadVariables {
  file: File;
  /** 0–100 as the bytes leave the browser. */
  onProgress: (percent: number) => void;
}

/**
 * POST /api/app-version/upload as multipart `file`. XMLHttpRequest, not fetch: only XHR reports
 * upload progress, and a 500 MB installer takes long enough that the operator must see it move.
 * Same contract as api-client: bearer token, one Idempotency-Key per action, and a non-2xx
 * becomes HttpError "<status>: <body>". No write timeout: a large file legitimately takes minutes.
 */
export function uploadAppFile({ file, onProgress }: UploadVariables): Promise<UploadedAppFile> {
  if (browserIsOffline()) return Promise.reject(new RequestFailure('offline', true));
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/app-version/upload');
    xhr.withCredentials = true;
    const token = localStorage.getItem(TOKEN_KEY);
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('Idempotency-Key', newIdempotencyKey());
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(new HttpError(xhr.status, xhr.responseText, xhr.statusText));
        return;
      }
      try {
        resolve(JSON.parse(xhr.responseText) as UploadedAppFile);
      } catch {
        reject(new HttpError(xhr.status, xhr.responseText, 'Malformed answer'));
      }
    };
    // A refused or reset connection: no HTTP answer came (the server may have refused the size).
    xhr.onerror = () => reject(new RequestFailure('unreachable', true));
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

export function useUploadAppFile() {
  return useActionMutation({ mutationFn: uploadAppFile });
}
