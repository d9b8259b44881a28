import { APP_VERSION_FILE_TYPES, APP_VERSION_MAX_UPLOAD_BYTES } from '@shared/constants';

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

/** Why a picked file cannot be uploaded, checked before a single byte is sent; null if fine. */
export function fileRefusal(file: { name: string; size: number }): string | null {
  const name = file.name.toLowerCase();
  if (!APP_VERSION_FILE_TYPES.some((ext) => name.endsWith(ext))) return 'Please select a .exe, .msi or .zip file';
  if (file.size > APP_VERSION_MAX_UPLOAD_BYTES) return 'File is larger than 500MB';
  return null;
}
