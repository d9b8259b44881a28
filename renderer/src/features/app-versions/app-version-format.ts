import { APP_VERSION_FILE_TYPES, APP_VERSION_MAX_UPLOAD_BYTES } from '@shared/constants';
import { headMatches, INSTALLER_HEAD_BYTES, installerType, wrongContentMessage } from '@shared/installer-files';

const KB = 1024;
const MB = KB * KB;

/**
 * Size in MB with 2 decimals (docs/product.md §Limits), e.g. "12.50 MB"; a missing size is a dash. Below
 * 1 MB the spec's form reads "0.00 MB" for a 4 KB file (issue 39), so smaller files are shown in
 * KB (one decimal) and under 1 KB in bytes.
 */
export function formatMegabytes(bytes: number | null): string {
  if (bytes === null) return '—';
  // Just under 1 MB would round to "1024.0 KB": that is 1.00 MB.
  if (Math.round((bytes / KB) * 10) >= 10_240) return `${(bytes / MB).toFixed(2)} MB`;
  if (bytes >= KB) return `${(bytes / KB).toFixed(1)} KB`;
  return bytes === 1 ? '1 byte' : `${bytes} bytes`;
}

/** The checksum as shown: its first 8 characters (docs/product.md §Limits). */
export function shortChecksum(checksum: string | null): string {
  return checksum ? checksum.slice(0, 8) : '—';
}

export const ACCEPTED_FILE_TYPES = APP_VERSION_FILE_TYPES.join(',');

/** Why a picked file cannot be uploaded, from its name and size alone; null if fine. */
export function fileRefusal(file: { name: string; size: number }): string | null {
  if (!installerType(file.name)) return 'Please select a .exe, .msi or .zip file';
  if (file.size > APP_VERSION_MAX_UPLOAD_BYTES) return 'File is larger than 500MB';
  return null;
}

/**
 * The server's own check of the first bytes, made here before sending: a renamed file is
 * refused at once, not after minutes of upload (and the server would then cut the connection).
 */
export async function contentRefusal(file: Blob & { name: string }): Promise<string | null> {
  const type = installerType(file.name);
  if (!type) return 'Please select a .exe, .msi or .zip file';
  const head = new Uint8Array(await file.slice(0, INSTALLER_HEAD_BYTES).arrayBuffer());
  return headMatches(type, head) ? null : wrongContentMessage(file.name, type);
}
