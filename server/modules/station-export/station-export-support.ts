import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import tar from 'tar-stream';
import type { ExportManifest } from './export-archive';

/** A downloaded archive, unpacked: entries in archive order, the manifest, each table's rows. */
export interface UnpackedExport {
  names: string[];
  entries: Map<string, Buffer>;
  manifest: ExportManifest;
  rows: (table: string) => Array<Record<string, unknown>>;
  /** The whole archive as text, for "this secret appears nowhere" checks. */
  text: string;
}

export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Unpacks a tar with tar-stream's extractor (the tests read it as an importer would). */
export async function unpack(bytes: Buffer): Promise<UnpackedExport> {
  const extract = tar.extract();
  const entries = new Map<string, Buffer>();
  const names: string[] = [];
  const reading = (async () => {
    for await (const entry of extract) {
      const chunks: Buffer[] = [];
      for await (const chunk of entry) chunks.push(chunk as Buffer);
      names.push(entry.header.name);
      entries.set(entry.header.name, Buffer.concat(chunks));
    }
  })();
  Readable.from([bytes]).pipe(extract);
  await reading;
  const manifestBytes = entries.get('manifest.json');
  if (!manifestBytes) throw new Error('The archive has no manifest.json');
  const manifest = JSON.parse(manifestBytes.toString('utf8')) as ExportManifest;
  const rows = (table: string) => {
    const file = entries.get(`tables/${table}.jsonl`);
    if (!file) throw new Error(`The archive has no tables/${table}.jsonl`);
    return file
      .toString('utf8')
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  };
  return { names, entries, manifest, rows, text: bytes.toString('utf8') };
}
