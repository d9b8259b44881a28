/** The server's start id, or null while it is down (between the close and the start of a restart in place). */
export async function bootId(url: string): Promise<string | null> {
  try {
    const res = await fetch(`${url}/api/health`);
    return ((await res.json()) as { bootId: string }).bootId;
  } catch {
    return null;
  }
}

/**
 * Waits until the server at `url` answers again as another start than `before` (a restore or a
 * store move restarts it in place on the same port); its new start id.
 */
export async function backAfterRestart(url: string, before: string): Promise<string> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const now = await bootId(url);
    if (now && now !== before) return now;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the server did not come back after its restart');
}
