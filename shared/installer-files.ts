import { APP_VERSION_FILE_TYPES } from './constants';

/**
 * What an installer upload must look like (docs/product.md §Validation: .exe, .msi, .zip). The server refuses
 * by these rules while streaming; the UI checks the same first bytes before sending, so a
 * renamed file is refused at once instead of after hundreds of MB.
 */
export type InstallerType = (typeof APP_VERSION_FILE_TYPES)[number];

/** Enough bytes to decide every type below. */
export const INSTALLER_HEAD_BYTES = 8;

const MAGIC: Record<InstallerType, { name: string; prefixes: ReadonlyArray<readonly number[]> }> = {
  '.exe': { name: 'a Windows executable (starting with MZ)', prefixes: [[0x4d, 0x5a]] },
  '.msi': {
    name: 'a Windows Installer package (OLE compound file)',
    prefixes: [[0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]],
  },
  '.zip': {
    name: 'a ZIP archive (starting with PK)',
    prefixes: [
      [0x50, 0x4b, 0x03, 0x04],
      [0x50, 0x4b, 0x05, 0x06],
    ],
  },
};

/** The type its name claims (case-insensitive), or null when it is not one we take. */
export function installerType(name: string): InstallerType | null {
  const lower = name.toLowerCase();
  return APP_VERSION_FILE_TYPES.find((ext) => lower.endsWith(ext)) ?? null;
}

/** True when the file's first bytes are those of the type its name claims. */
export function headMatches(type: InstallerType, head: Uint8Array): boolean {
  return MAGIC[type].prefixes.some(
    (prefix) => head.length >= prefix.length && prefix.every((byte, i) => head[i] === byte),
  );
}

export function wrongContentMessage(fileName: string, type: InstallerType): string {
  return `${fileName} is not ${MAGIC[type].name}; upload a real ${type} file`;
}
