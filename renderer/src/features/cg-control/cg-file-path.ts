/**
 * Issue 39 point 6: where the type's file really is — `<type>.txt` in the station's CG folder (the
 * server's outputPath, absolute, followed live after a folder move); the folder alone is not known
 * before the station's first file.
 */
export function cgFilePathOf(folder: string | null | undefined, type: string): string {
  const name = `${type}.txt`;
  if (!folder) return name;
  const separator = folder.includes('\\') && !folder.includes('/') ? '\\' : '/';
  return folder.endsWith(separator) ? `${folder}${name}` : `${folder}${separator}${name}`;
}
