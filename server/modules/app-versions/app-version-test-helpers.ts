import http from 'node:http';
import type { UploadedAppFile } from '../../../shared/contracts/app-versions';
import type { ApiClient, ApiResponse } from '../../test/api-client';

/** A small valid ZIP-looking body: the PK header our check reads, then `size` bytes of content. */
export function zipBytes(size = 1024, fill = 7): Buffer {
  const body = Buffer.alloc(size, fill);
  Buffer.from('504b0304', 'hex').copy(body);
  return body;
}

/** POSTs one multipart `file` part through fetch's FormData, as a browser would. */
export async function upload(
  client: ApiClient,
  name: string,
  bytes: Buffer,
  headers: Record<string, string> = {},
  field = 'file',
): Promise<ApiResponse<UploadedAppFile & { message: string }>> {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(bytes)]), name);
  const res = await fetch(`${client.baseUrl}/api/app-version/upload`, {
    method: 'POST',
    body: form,
    headers: { ...(client.token ? { authorization: `Bearer ${client.token}` } : {}), ...headers },
  });
  const text = await res.text();
  return { status: res.status, body: JSON.parse(text) as UploadedAppFile & { message: string }, headers: res.headers };
}

export const versionBody = (overrides: Record<string, unknown> = {}) => ({
  latestVersion: '2.4.1',
  releaseNotes: 'Faster CG writes',
  downloadFileName: 'CGBridgeSetup.exe',
  ...overrides,
});

export interface RawUploadResult {
  status: number | null;
  body: string;
  /** File bytes written into the request before the answer arrived (or the socket closed). */
  sentWhenAnswered: number;
  sentTotal: number;
}

/**
 * Streams a multipart upload through node:http (chunked, no Content-Length unless given), `size`
 * bytes of `PK\x03\x04` + zeros in 1 MiB chunks, honouring backpressure, so a test sees exactly
 * how far the sender got before the server answered. `abortAfter` destroys the socket after that
 * many file bytes, like a client that vanished.
 */
export function rawUpload(
  url: string,
  token: string,
  opts: { size: number; name?: string; contentLength?: number; abortAfter?: number },
): Promise<RawUploadResult> {
  const boundary = '----cgbtest' + Date.now().toString(16);
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${opts.name ?? 'big.zip'}"\r\nContent-Type: application/zip\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const chunk = Buffer.alloc(1024 * 1024);
  const result: RawUploadResult = { status: null, body: '', sentWhenAnswered: -1, sentTotal: 0 };
  return new Promise((resolve) => {
    const headers: Record<string, string> = {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    };
    if (opts.contentLength !== undefined) headers['content-length'] = String(opts.contentLength);
    const req = http.request(`${url}/api/app-version/upload`, { method: 'POST', headers });
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      if (result.sentWhenAnswered < 0) result.sentWhenAnswered = result.sentTotal;
      resolve(result);
    };
    req.on('response', (res) => {
      result.status = res.statusCode ?? null;
      result.sentWhenAnswered = result.sentTotal;
      res.setEncoding('utf8');
      res.on('data', (d: string) => (result.body += d));
      res.on('end', finish);
      res.on('error', finish);
    });
    req.on('error', () => setTimeout(finish, 50));
    req.on('close', () => setTimeout(finish, 50));
    const pump = () => {
      // A declared length: send only the part header and wait, to prove nothing more is needed.
      if (opts.contentLength !== undefined) {
        req.write(head);
        return;
      }
      while (!done && !req.destroyed && result.status === null) {
        if (opts.abortAfter !== undefined && result.sentTotal >= opts.abortAfter) {
          req.destroy();
          return;
        }
        if (result.sentTotal >= opts.size) {
          req.end(tail);
          return;
        }
        const piece =
          result.sentTotal === 0 ? Buffer.concat([head, Buffer.from('504b0304', 'hex'), chunk.subarray(4)]) : chunk;
        result.sentTotal += chunk.length;
        if (!req.write(piece)) {
          req.once('drain', pump);
          return;
        }
      }
    };
    pump();
  });
}
