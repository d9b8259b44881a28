/**
 * Up to `n` of `items` (in the order given), the stations taking turns: one station's many due
 * feeds do not take every place of a scheduler tick while another's wait for a later one.
 */
export function inTurns<T extends { companyId: number }>(items: T[], n: number): T[] {
  const byStation = new Map<number, T[]>();
  for (const item of items) byStation.set(item.companyId, [...(byStation.get(item.companyId) ?? []), item]);
  const picked: T[] = [];
  while (picked.length < n && byStation.size > 0) {
    for (const [station, queue] of byStation) {
      if (picked.length >= n) break;
      picked.push(queue.shift()!);
      if (queue.length === 0) byStation.delete(station);
    }
  }
  return picked;
}
