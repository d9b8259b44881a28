/** What `orLate` gives when the time ran out first. */
export const LATE = Symbol('late');

/**
 * `work`'s outcome, or LATE when `ms` pass first. The timer is cleared either way; a rejection of
 * `work` after LATE is handled (the race observed it), so nothing is left unhandled. The work
 * itself goes on: the caller decides what to do with a late one.
 */
export async function orLate<T>(work: Promise<T>, ms: number): Promise<T | typeof LATE> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<typeof LATE>((resolve) => (timer = setTimeout(() => resolve(LATE), ms)));
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}
