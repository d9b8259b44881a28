import { describe, expect, it } from 'vitest';
import { contentRefusal, fileRefusal, formatMegabytes, shortChecksum } from './app-version-format';

const MB_MINUS_ONE = 1024 * 1024 - 1;

describe('app version formatting', () => {
  it('shows sizes in MB with 2 decimals and the first 8 checksum characters', () => {
    expect(formatMegabytes(5 * 1024 * 1024 + 512 * 1024)).toBe('5.50 MB');
    // Issue 39: under 1 MB the spec's "0.00 MB" says nothing — KB, then bytes.
    expect(formatMegabytes(4 * 1024)).toBe('4.0 KB');
    expect(formatMegabytes(1536)).toBe('1.5 KB');
    expect(formatMegabytes(MB_MINUS_ONE)).toBe('1.00 MB');
    expect(formatMegabytes(1024 * 1024)).toBe('1.00 MB');
    expect(formatMegabytes(512)).toBe('512 bytes');
    expect(formatMegabytes(0)).toBe('0 bytes');
    expect(formatMegabytes(null)).toBe('—');
    expect(shortChecksum('0123456789abcdef')).toBe('01234567');
    expect(shortChecksum(null)).toBe('—');
  });

  it('refuses other types and files over 500MB before upload', () => {
    expect(fileRefusal({ name: 'Setup.EXE', size: 10 })).toBeNull();
    expect(fileRefusal({ name: 'a.msi', size: 500 * 1024 * 1024 })).toBeNull();
    expect(fileRefusal({ name: 'notes.txt', size: 10 })).toBe('Please select a .exe, .msi or .zip file');
    expect(fileRefusal({ name: 'big.zip', size: 500 * 1024 * 1024 + 1 })).toBe('File is larger than 500MB');
  });

  it('checks the first bytes the way the server does', async () => {
    const named = (name: string, bytes: number[]) => Object.assign(new Blob([new Uint8Array(bytes)]), { name });
    expect(await contentRefusal(named('a.zip', [0x50, 0x4b, 3, 4, 0, 0]))).toBeNull();
    expect(await contentRefusal(named('a.exe', [0x4d, 0x5a, 0x90]))).toBeNull();
    expect(await contentRefusal(named('a.exe', [0x50, 0x4b, 3, 4]))).toBe(
      'a.exe is not a Windows executable (starting with MZ); upload a real .exe file',
    );
    expect(await contentRefusal(named('a.msi', [0xd0, 0xcf]))).toContain('is not a Windows Installer package');
  });
});
