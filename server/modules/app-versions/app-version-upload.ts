import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import busboy from 'busboy';
import type { Request } from 'express';
import { APP_VERSION_FILE_TYPES, APP_VERSION_LIMITS, APP_VERSION_MAX_UPLOAD_BYTES } from '../../../shared/constants';
import {
  headMatches,
  INSTALLER_HEAD_BYTES,
  installerType,
  wrongContentMessage,
  type InstallerType,
} from '../../../shared/installer-files';
import { badRequest, HttpError } from '../../lib/errors';
import type { FileHashes } from '../../workers/file-hash';
import type { OnAirGate } from '../../lib/on-air-gate';
import { afterAir } from '../../lib/time-slices';
import { DurableFile, syncFolder } from '../../lib/durable-file';

/** Room for the multipart envelope around the file (boundaries, part headers, a few fields). */
export const MULTIPART_OVERHEAD_BYTES = 1024 * 1024;
export const TOO_LARGE_MESSAGE = 'File is larger than 500MB';
const TYPES_TEXT = APP_VERSION_FILE_TYPES.join(', ');

/** A client that went away mid-upload: nothing to answer, nothing to keep. */
export class UploadAborted extends Error {}

export interface ReceivedUpload {
  id: string;
  originalName: string;
  size: number;
  checksum: string;
  sha512: string;
}

/** The name as typed on the sender's disk, without any folder part. */
export function baseName(filename: string): string {
  return filename.split(/[\\/]/).pop()?.trim() ?? '';
}

/**
 * Hashes a file once it is on disk: the heavy worker (server/workers/file-hash.ts) in the server,
 * so 500 MB of SHA-256 + SHA-512 never run on the air thread.
 */
export type HashFile = (file: string) => Promise<FileHashes>;

/** What an upload needs from the server: the hasher, and the on-air gate it steps aside for. */
export interface UploadWork {
  hash: HashFile;
  onAir?: OnAirGate;
}

/** Counts every byte, and refuses the stream once its first bytes show the wrong type. */
class InstallerCheck extends Transform {
  size = 0;
  private head = Buffer.alloc(0);
  private checked = false;

  constructor(
    private readonly ext: InstallerType,
    private readonly fileName: string,
    private readonly onAir?: OnAirGate,
  ) {
    super();
  }

  /**
   * While an on-air write runs, the upload holds its next chunk (the socket's backpressure does
   * the rest): 500 MB arrive as thousands of callbacks that would otherwise sit between the CG
   * write's hops (file, fsync, rename, commit) on the one event loop.
   */
  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    if (this.onAir?.isBusy) {
      void afterAir(this.onAir).then(() => this.pass(chunk, done));
      return;
    }
    this.pass(chunk, done);
  }

  private pass(chunk: Buffer, done: TransformCallback): void {
    this.size += chunk.length;
    if (!this.checked) {
      this.head = Buffer.concat([this.head, chunk.subarray(0, INSTALLER_HEAD_BYTES)]).subarray(0, INSTALLER_HEAD_BYTES);
      if (this.head.length >= INSTALLER_HEAD_BYTES && !this.verify()) return done(this.mismatch());
    }
    done(null, chunk);
  }

  override _flush(done: TransformCallback): void {
    done(this.checked || this.verify() ? null : this.mismatch());
  }

  private verify(): boolean {
    this.checked = headMatches(this.ext, this.head);
    return this.checked;
  }

  private mismatch(): HttpError {
    return new HttpError(415, wrongContentMessage(this.fileName, this.ext));
  }
}

async function removeQuietly(file: string): Promise<void> {
  await fs.promises.rm(file, { force: true }).catch(() => undefined);
}

/**
 * One upload in progress: the one `file` part goes to `<dir>/.<id>.part` and becomes `<dir>/<id>`
 * only when all of it arrived and passed. Settles exactly once, through `fail` or `finish`.
 */
class UploadReceiver {
  private readonly id = randomBytes(16).toString('hex');
  private readonly partFile: string;
  private failed = false;
  private parsed = false;
  private started = false;
  private received: ReceivedUpload | null = null;
  private readonly streams: Array<{ destroy(): unknown }> = [];
  private fileClosed: Promise<void> = Promise.resolve();

  constructor(
    private readonly req: Request,
    private readonly parser: busboy.Busboy,
    private readonly dir: string,
    private readonly work: UploadWork,
    private readonly resolve: (received: ReceivedUpload) => void,
    private readonly reject: (err: Error) => void,
  ) {
    this.partFile = path.join(dir, `.${this.id}.part`);
  }

  start(): void {
    this.parser.on('file', (field, stream, info) => this.onFile(field, stream, baseName(info.filename ?? '')));
    this.parser.on('close', () => {
      this.parsed = true;
      this.finish();
    });
    // A client that leaves never ends the parser's input, so a parser error is always a bad body.
    this.parser.on('error', () => this.fail(badRequest('Malformed multipart body')));
    this.req.on('close', () => {
      if (!this.req.complete) this.fail(new UploadAborted('client went away'));
    });
    this.req.pipe(this.parser);
  }

  private onFile(field: string, stream: Readable, name: string): void {
    const ext = installerType(name);
    const refusal = this.started ? badRequest('Send only one file per upload') : refuseFile(field, name);
    if (refusal || !ext) {
      stream.resume();
      this.fail(refusal ?? badRequest('Please select a file'));
      return;
    }
    this.started = true;
    stream.once('limit', () => this.fail(new HttpError(413, TOO_LARGE_MESSAGE)));
    const check = new InstallerCheck(ext, name, this.work.onAir);
    // On disk in 1 MB steps, each after any on-air write in progress (lib/durable-file.ts).
    const out = new DurableFile(this.partFile, { onAir: this.work.onAir });
    this.streams.push(stream, check, out);
    // Waited on before removing the part file (pipeline alone did not always settle when the
    // source was destroyed mid-way, so the write stream's own close is the signal).
    this.fileClosed = new Promise<void>((done) => out.once('close', () => done()));
    pipeline(stream, check, out)
      .then(() => this.work.hash(this.partFile))
      .then(
        // sha512: what electron-updater verifies the desktop's download against (the update feed, issue 23).
        ({ sha256, sha512 }) => {
          this.received = { id: this.id, originalName: name, size: check.size, checksum: sha256, sha512 };
          this.finish();
        },
        // A write that broke because the client left is an abort; a disk failure stays what it is.
        (err: unknown) =>
          this.fail(
            err instanceof HttpError ? err : this.req.readableAborted ? new UploadAborted(String(err)) : (err as Error),
          ),
      );
  }

  /**
   * Both the parser and the file write must be done before the file is put in place; the file is
   * on disk already (DurableFile), the rename is made durable before the version's row can say so.
   */
  private finish(): void {
    if (this.failed || !this.parsed) return;
    if (!this.started) return this.fail(badRequest('Please select a file'));
    const received = this.received;
    if (!received) return;
    fs.promises
      .rename(this.partFile, path.join(this.dir, this.id))
      .then(() => syncFolder(this.dir))
      .then(
        () => this.resolve(received),
        (err: Error) => this.fail(err),
      );
  }

  /** Stops reading (the route closes the connection after its answer) and removes the part file. */
  private fail(err: Error): void {
    if (this.failed) return;
    this.failed = true;
    this.req.unpipe(this.parser);
    this.streams.forEach((s) => s.destroy());
    // Removed after the write stream has closed: a removal before that could race its open.
    void this.fileClosed.finally(() => removeQuietly(this.partFile)).finally(() => this.reject(err));
  }
}

/**
 * Streams the one `file` part of a multipart request to disk (never buffered in memory: the disk
 * write's backpressure reaches the socket), checking type, magic bytes and size on the way, then
 * sha-256/sha-512 of the file through `work.hash`; chunks wait while an on-air write runs. Any failure or a vanished client leaves nothing behind. Rejects with HttpError or
 * UploadAborted.
 */
export function receiveUpload(
  req: Request,
  dir: string,
  work: UploadWork,
  maxBytes = APP_VERSION_MAX_UPLOAD_BYTES,
): Promise<ReceivedUpload> {
  return new Promise<ReceivedUpload>((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      // Browsers send the file name as raw UTF-8 in the part header; busboy reads latin1 unless told.
      parser = busboy({
        headers: req.headers,
        defParamCharset: 'utf8',
        limits: { fileSize: maxBytes, fields: 20, parts: 30 },
      });
    } catch {
      reject(badRequest('Send the file as multipart/form-data in the field "file"'));
      return;
    }
    new UploadReceiver(req, parser, dir, work, resolve, reject).start();
  });
}

/** Why a file part cannot be accepted before reading it, or null. */
function refuseFile(field: string, name: string): HttpError | null {
  if (field !== 'file' || !name) return badRequest('Please select a file');
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\u0000-\u001f\u007f]/.test(name)) return badRequest('File name must not contain control characters');
  if (name.length > APP_VERSION_LIMITS.fileName)
    return badRequest(`File name must be at most ${APP_VERSION_LIMITS.fileName} characters`);
  if (!installerType(name)) return new HttpError(415, `Only ${TYPES_TEXT} files can be uploaded; ${name} is not one`);
  return null;
}
