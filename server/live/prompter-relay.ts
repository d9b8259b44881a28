import { PROMPTER_POSITION_PER_SECOND } from '../../shared/constants';
import type { ClientMessage, ControlMessage } from '../../shared/contracts/live';
import type { Actor } from '../lib/auth';
import type { EventBus } from '../lib/event-bus';
import type { ClientMessageHandler, HandlerResult } from './message-handlers';
import { PrompterReadings } from './prompter-readings';

export interface PrompterRelayOptions {
  bus: EventBus;
  /** Whether the prompter exists in the company (a DB lookup; results are remembered). */
  prompterExists(companyId: number, prompterId: number): Promise<boolean>;
  /** Real time in ms (rate limiting is about traffic, not the business clock tests move). */
  now?: () => number;
}

interface Bucket {
  tokens: number;
  at: number;
}

/**
 * Follower screens: the operator's reading position and a remote's commands, relayed to the
 * sender's company as `prompter_position` / `prompter_command`. Each socket may send
 * PROMPTER_POSITION_PER_SECOND of them a second (burst of the same); the prompter must be the
 * company's own, else the sender gets `prompter_error` and nobody else hears anything.
 * The last position of each reading socket is kept (issue 38): a socket that joins gets them in
 * `prompter_snapshot`, and when the last reader of a prompter closes the company hears
 * `prompter_reader_left` (or the position of the screen that still reads it).
 */
export class PrompterRelay implements ClientMessageHandler {
  private readonly buckets = new WeakMap<object, Bucket>();
  /** "companyId:prompterId" pairs known to exist; a deleted prompter is forgotten at once. */
  private readonly known = new Set<string>();
  private readonly readings = new PrompterReadings();
  private readonly now: () => number;
  private readonly unsubscribe: () => void;
  private readonly offGap: () => void;

  constructor(private readonly options: PrompterRelayOptions) {
    this.now = options.now ?? (() => performance.now());
    this.unsubscribe = options.bus.subscribe((event) => {
      if (event.type !== 'prompter_deleted') return;
      const { id } = event.data as { id: number };
      this.known.delete(`${event.companyId}:${id}`);
      this.readings.forget(event.companyId, id);
    });
    // A deletion on another server may have been missed: each prompter is looked up again.
    this.offGap = options.bus.onGap(() => this.known.clear());
  }

  handle(socket: object, actor: Actor, message: ClientMessage): HandlerResult | Promise<HandlerResult> {
    if (message.type !== 'prompter_position' && message.type !== 'prompter_command') return { handled: false };
    if (!this.take(socket)) return { handled: false };
    const { prompterId } = message.data;
    // Known prompters relay at once; the first message about one waits for the store's answer.
    if (this.known.has(`${actor.companyId}:${prompterId}`)) return this.relay(socket, actor, message);
    return this.exists(actor.companyId, prompterId).then((found) =>
      found
        ? this.relay(socket, actor, message)
        : { handled: true, reply: { type: 'prompter_error', data: { prompterId, message: 'Prompter not found' } } },
    );
  }

  private relay(
    socket: object,
    actor: Actor,
    message: Extract<ClientMessage, { type: 'prompter_position' | 'prompter_command' }>,
  ): HandlerResult {
    if (message.type === 'prompter_command') {
      this.options.bus.publish(actor.companyId, 'prompter_command', {
        ...message.data,
        from: { userId: actor.userId },
      });
      return { handled: true };
    }
    const position = { ...message.data, from: { userId: actor.userId, fullName: actor.fullName } };
    this.readings.record(actor.companyId, socket, position);
    this.options.bus.publish(actor.companyId, 'prompter_position', position);
    return { handled: true };
  }

  /**
   * A socket that just authenticated learns where every prompter of its company is read now. Only
   * when one is: a station with no prompter open is told nothing (clients forget what they knew
   * when their socket drops, so no snapshot means nobody reads).
   */
  onJoin(_socket: object, actor: Actor): ControlMessage[] {
    const positions = this.readings.latest(actor.companyId);
    return positions.length ? [{ type: 'prompter_snapshot', data: { positions } }] : [];
  }

  /** An operator's screen closed: followers hear who reads its prompters now, or that nobody does. */
  onLeave(socket: object, actor: Actor): void {
    for (const { prompterId, now } of this.readings.leave(actor.companyId, socket)) {
      if (now) this.options.bus.publish(actor.companyId, 'prompter_position', now);
      else this.options.bus.publish(actor.companyId, 'prompter_reader_left', { prompterId });
    }
  }

  close(): void {
    this.unsubscribe();
    this.offGap();
  }

  private async exists(companyId: number, prompterId: number): Promise<boolean> {
    const key = `${companyId}:${prompterId}`;
    if (this.known.has(key)) return true;
    if (!(await this.options.prompterExists(companyId, prompterId))) return false;
    this.known.add(key);
    return true;
  }

  /** Token bucket per socket: refills PROMPTER_POSITION_PER_SECOND a second up to the same. */
  private take(socket: object): boolean {
    const now = this.now();
    const bucket = this.buckets.get(socket) ?? { tokens: PROMPTER_POSITION_PER_SECOND, at: now };
    bucket.tokens = Math.min(
      PROMPTER_POSITION_PER_SECOND,
      bucket.tokens + ((now - bucket.at) / 1000) * PROMPTER_POSITION_PER_SECOND,
    );
    bucket.at = now;
    this.buckets.set(socket, bucket);
    if (bucket.tokens < 1) return false;
    bucket.tokens -= 1;
    return true;
  }
}
