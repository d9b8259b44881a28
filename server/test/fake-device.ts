/**
 * What every fake output device shares (issue 25): `ok` answers, `hang` accepts and never answers,
 * `drop` closes the connection mid-way. Tests switch the mode at any time.
 */
export type FakeMode = 'ok' | 'hang' | 'drop';

/** Polls until `check` is true (no fixed sleeps in tests); fails with `what` after `ms`. */
export async function until(check: () => boolean, what: string, ms = 5_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}
