import type { Logger } from '../../lib/logger';
import { fence, NodeProbe, type NodeState } from './ha-node';

/** Why a server of a main and backup pair cannot start: said in the log and to the host. */
export class PairRefused extends Error {}

/**
 * Which of the pair's two PostgreSQL servers is the main, at a server's start (issue 43): the one
 * that is not a standby; when both are (an old main restarted after the backup took over), the one
 * on the later timeline — the other is the old main, fenced here so nobody writes to it again
 * (docs/high-availability.md "Bringing the old main back"). Never guessed: with no main reachable,
 * or two on one timeline, the server does not start and says why.
 */
export async function resolveMain(pair: readonly [string, string], logger: Logger): Promise<string> {
  const probes = pair.map((url) => new NodeProbe(url, 3_000));
  try {
    const nodes = await Promise.all(probes.map((p) => p.read()));
    const mains = nodes.filter((n) => n.reachable && !n.standby);
    if (mains.length === 0) throw new PairRefused(noMain(nodes));
    if (mains.length === 1) return mains[0]!.url;
    const [a, b] = mains as [NodeState, NodeState];
    if (a.timeline === b.timeline)
      throw new PairRefused(
        `Both ${a.name} and ${b.name} are mains on timeline ${a.timeline}: they are not a main and its backup. Make one of them the backup (docs/high-availability.md) and start again.`,
      );
    const [main, old] = (a.timeline ?? 0) > (b.timeline ?? 0) ? [a, b] : [b, a];
    logger.warn('the old main is back: fencing it (read-only) and writing to the new main', {
      main: main.name,
      oldMain: old.name,
    });
    await fence(probes[nodes.indexOf(old)]!);
    return main.url;
  } finally {
    for (const p of probes) p.close();
  }
}

function noMain(nodes: NodeState[]): string {
  const standby = nodes.find((n) => n.reachable && n.standby);
  const gone = nodes.filter((n) => !n.reachable).map((n) => n.name);
  if (standby)
    return `The main (${gone.join(', ')}) does not answer and ${standby.name} is its backup: to take over, promote the backup (docs/high-availability.md "Take over without a server"), then start again.`;
  return `Neither PostgreSQL server of the pair answers (${nodes.map((n) => n.name).join(', ')}): start PostgreSQL on the main, then CG Bridge.`;
}
