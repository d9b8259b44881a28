import { createHash, randomBytes, type Hash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import busboy from 'busboy';
import type { Request } from 'express';
import { APP_VERSION_FILE_TYPES, APP_VERSION_LIMITS, APP_VERSION_MAX_UPLOAD_BYTES } from '../../../shared/constants';
import { badRequest, HttpError } from '../../lib/errors';

/** Room for the multipart envelope around the file (boundaries, part headers, a few fields). */
export const MULTIPART_OVERHEAD_BYTES = 1024 * 1024;
export const TOO_LARGE_MESSAGE = 'File is larger than 500MB';
const TYPES_TEXT = APP_VERSION_FILE_TYPES.join(', ');

/** The first bytes each installer type must start with (checked while streaming). */
const MAGIC: Record<(typeof APP_VERSION_FILE_TYPES)[number], { name: string; prefixes: Buffer[] }> = {
  '.exe': { name: 'a Windows executable (starting with MZ)', prefixes: [Buffer.from('MZ')] },
  '.msi': { name: 'a Windows Installer package (OLE compound file)', prefixes: [Buffer.from('d0cf11e0a1b11ae1', 'hex')] },
  '.zip': { name: 'a ZIP archive (starting with PK)', prefixes: [Buffer.from('504b0304', 'hex'), Buffer.from('504b0506', 'hex')] },
};
const HEAD_BYTES = 8;

/** A client that went away mid-upload: nothing to answer, nothing to keep. */
export class UploadAborted extends Error {}

export interface ReceivedUpload {
  id: string;
  originalName: string;
  size: number;
  checksum: string;
}

/** The name as typed on the sender's disk, without any folder part. */
export function baseName(filename: string): string {
  return filename.split(/[\\/]/).pop()?.trim() ?? '';
}

function typeOf(name: string): keyof typeof MAGIC | null {
  const ext = path.extname(name).toLowerCase();
  return (APP_VERSION_FILE_TYPES as readonly string[]).includes(ext) ? (ext as keyof typeof MAGIC) : null;
}

/** Hashes and counts every byte, and refuses the stream once its first bytes show the wrong type. */
class InstallerCheck extends Transform {
  readonly hash: Hash = createHash('sha256');
  size = 0;
  private head = Buffer.alloc(0);
  private checked = false;

  constructor(
    private readonly ext: keyof typeof MAGIC,
    private readonly fileName: string,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    this.size += chunk.length;
    this.hash.update(chunk);
    if (!this.checked) {
      this.head = Buffer.concat([this.head, chunk.subarray(0, HEAD_BYTES)]).subarray(0, HEAD_BYTES);
      if (this.head.length >= HEAD_BYTES && !this.verify()) return done(this.mismatch());
    }
    done(null, chunk);
  }

  override _flush(done: TransformCallback): void {
    done(this.checked || this.verify() ? null : this.mismatch());
  }

  private verify(): boolean {
    this.checked = MAGIC[this.ext].prefixes.some((p) => this.head.length >= p.length && this.head.subarray(0, p.length).equals(p));
    return this.checked;
  }

  private mismatch(): HttpError {
    return new HttpError(415, `${this.fileName} is not ${MAGIC[this.ext].name}; upload a real ${this.ext} file`);
  }
}

async function removeQuietly(file: string): Promise<void> {
  await fs.promises.rm(file, { force: true }).catch(() => undefined);
}

/**
 * Streams the one `file` part of a multipart request to `<dir>/.<id>.part` (never buffered in
 * memory: the disk write's backpressure reaches the socket), checks type, magic bytes and size
 * on the way, and renames it to `<dir>/<id>` only when all of it arrived and passed. Any
 * failure or a vanished client removes the part file. Rejects with HttpError or UploadAborted.
 */
export function receiveUpload(req: Request, dir: string, maxBytes = APP_VERSION_MAX_UPLOAD_BYTES): Promise<ReceivedUpload> {
  return new Promise<ReceivedUpload>((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: req.headers, limits: { fileSize: maxBytes, fields: 20, parts: 30 } });
    } catch {
      reject(badRequest('Send the file as multipart/form-data in the field "file"'));
      return;
    }
    const id = randomBytes(16).toString('hex');
    const partFile = path.join(dir, `.${id}.part`);
    const state = { failed: false, parsed: false, started: false, received: null as ReceivedUpload | null };
    const streams: Array<{ destroy(): unknown }> = [];
    let fileClosed: Promise<unknown> = Promise.resolve();

    const fail = (err: Error) => {
      if (state.failed) return;
      state.failed = true;
      req.unpipe(parser);
      streams.forEach((s) => s.destroy());
      // Removed after the write stream has closed: a removal before that could race its open.
      void fileClosed.finally(() => removeQuietly(partFile)).finally(() => reject(err));
    };
    const finish = () => {
      if (state.failed || !state.parsed) return;
      if (!state.started) return fail(badRequest('Please select a file'));
      const received = state.received;
      if (!received) return;
      fs.promises.rename(partFile, path.join(dir, id)).then(() => resolve(received), fail);
    };
    // A write that broke because the client left is an abort; a disk failure stays what it is.
    const writeFailed = (err: unknown) =>
      fail(err instanceof HttpError ? err : req.readableAborted ? new UploadAborted(String(err)) : (err as Error));

    parser.on('file', (field, stream, info) => {
      const name = baseName(info.filename ?? '');
      const ext = typeOf(name);
      const refusal = state.started ? badRequest('Send only one file per upload') : refuseFile(field, name);
      if (refusal || !ext) {
        stream.resume();
        fail(refusal ?? badRequest('Please select a file'));
        return;
      }
      state.started = true;
      stream.once('limit', () => fail(new HttpError(413, TOO_LARGE_MESSAGE)));
      const check = new InstallerCheck(ext, name);
      const out = fs.createWriteStream(partFile, { flags: 'wx' });
      streams.push(stream, check, out);
      // Waited on before removing the part file (pipeline alone did not always settle when the
      // source was destroyed mid-way, so the write stream's own close is the signal).
      fileClosed = new Promise<void>((done) => out.once('close', () => done()));
      const write = pipeline(stream, check, out);
      write.then(() => {
        state.received = { id, originalName: name, size: check.size, checksum: check.hash.digest('hex') };
        finish();
      }, writeFailed);
    });
    parser.on('close', () => {
      state.parsed = true;
      finish();
    });
    // A client that leaves never ends the parser's input, so a parser error is always a bad body.
    parser.on('error', () => fail(badRequest('Malformed multipart body')));
    req.on('close', () => {
      if (!req.complete) fail(new UploadAborted('client went away'));
    });
    req.pipe(parser);
  });
}

/** Why a file part cannot be accepted before reading it, or null. */
function refuseFile(field: string, name: string): HttpError | null {
  if (field !== 'file' || !name) return badRequest('Please select a file');
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\u0000-\u001f\u007f]/.test(name)) return badRequest('File name must not contain control characters');
  if (name.length > APP_VERSION_LIMITS.fileName) return badRequest(`File name must be at most ${APP_VERSION_LIMITS.fileName} characters`);
  if (!typeOf(name)) return new HttpError(415, `Only ${TYPES_TEXT} files can be uploaded; ${name} is not one`);
  return null;
}
