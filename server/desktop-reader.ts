import type { ReaderReport, ReaderRequest } from './desktop-protocol';
import type { TaskHost } from './lib/task-host';

/** How long a stop waits for the host to report the reader gone (a host that is itself going may not). */
const STOP_WAIT_MS = 3_000;

/** One reader the host runs for us: its handlers once the pool listens, and who waits for it to go. */
interface Relayed {
  onReply: (reply: unknown) => void;
  onGone: (err: Error) => void;
  gone: () => void;
}

/**
 * The server's end of the wires reader the desktop host runs for it (issue 26): the server's
 * utilityProcess cannot start Node (the RunAsNode fuse is off), so each reader process the pool
 * asks for is started by the host (electron/main/reader-relay.ts), and tasks and replies travel
 * through the host's channel, numbered by reader.
 */
export class DesktopReaders {
  private next = 1;
  private readonly live = new Map<number, Relayed>();

  constructor(private readonly post: (message: ReaderRequest) => void) {}

  /** A HostStarter (server/lib/task-host.ts) for the wires pool. */
  readonly start = (): TaskHost => {
    const reader = this.next++;
    const relayed: Relayed = { onReply: () => undefined, onGone: () => undefined, gone: () => undefined };
    const gone = new Promise<void>((resolve) => (relayed.gone = resolve));
    this.live.set(reader, relayed);
    this.post({ type: 'reader-start', reader });
    return {
      post: (message) => this.post({ type: 'reader-task', reader, message }),
      listen: (onReply, onGone) => Object.assign(relayed, { onReply, onGone }),
      stop: async () => {
        if (!this.live.has(reader)) return;
        this.post({ type: 'reader-stop', reader });
        await Promise.race([gone, new Promise((resolve) => setTimeout(resolve, STOP_WAIT_MS).unref())]);
        this.live.delete(reader);
      },
    };
  };

  /** A report from the host about one of our readers. */
  receive(report: ReaderReport): void {
    const relayed = this.live.get(report.reader);
    if (!relayed) return;
    if (report.type === 'reader-reply') return relayed.onReply(report.reply);
    this.live.delete(report.reader);
    relayed.gone();
    relayed.onGone(new Error(report.message));
  }
}
