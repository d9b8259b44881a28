/**
 * Hands the browser a Blob to save under a name. Downloads that need the bearer token cannot be
 * plain links, so the app fetches them and saves the Blob through a temporary <a download>.
 */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoke later: some browsers start reading the Blob only after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** "attachment; filename*=UTF-8''x.txt" or filename="x.txt" → x.txt; the fallback without one. */
export function fileNameFrom(disposition: string | null, fallback: string): string {
  const match = disposition?.match(/filename\*?=(?:UTF-8'')?"?([^";]+)"?/i);
  return match?.[1] ? decodeURIComponent(match[1]) : fallback;
}

/** Saves a fetched answer under the server's name (Content-Disposition), else the fallback. */
export async function saveResponse(res: Response, fallback: string): Promise<string> {
  const name = fileNameFrom(res.headers.get('Content-Disposition'), fallback);
  saveBlob(await res.blob(), name);
  return name;
}
