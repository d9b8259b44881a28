import { APP_VERSION_FILE_TYPES, APP_VERSION_MAX_UPLOAD_BYTES } from '@shared/constants';
import { headMatches, INSTALLER_HEAD_BYTES, installerType, wrongContentMessage } from '@shared/installer-files';

const MB = 1024 * 1024;

/** Size in MB with 2 decimals (spec 001 §9), e.g. "12.50 MB"; a missing size is a dash. */
export function formatMegabytes(bytes: number | null): string {
  return bytes === null ? '—' : `${(bytes / MB).toFixed(2)} MB`;
}

/** The checksum as shown: its first 8 characters (spec 001 §9). */
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
