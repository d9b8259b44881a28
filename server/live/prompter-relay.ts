import { PROMPTER_POSITION_PER_SECOND } from '../../shared/constants';
import type { ClientMessage } from '../../shared/contracts/live';
import type { Actor } from '../lib/auth';
import type { EventBus } from '../lib/event-bus';
import type { ClientMessageHandler, HandlerResult } from './message-handlers';

export interface PrompterRelayOptions {
  bus: EventBus;
  /** Whether the prompter exists in the company (a DB lookup; results are remembered). */
  prompterExists(companyId: number, prompterId: number): boolean;
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
 */
export class PrompterRelay implements ClientMessageHandler {
  private readonly buckets = new WeakMap<object, Bucket>();
  /** "companyId:prompterId" pairs known to exist; a deleted prompter is forgotten at once. */
  private readonly known = new Set<string>();
  private readonly now: () => number;
  private readonly unsubscribe: () => void;

  constructor(private readonly options: PrompterRelayOptions) {
    this.now = options.now ?? (() => performance.now());
    this.unsubscribe = options.bus.subscribe((event) => {
      if (event.type === 'prompter_deleted') this.known.delete(`${event.companyId}:${(event.data as { id: number }).id}`);
    });
  }

  handle(socket: object, actor: Actor, message: ClientMessage): HandlerResult {
    if (message.type !== 'prompter_position' && message.type !== 'prompter_command') return { handled: false };
    if (!this.take(socket)) return { handled: false };
    const { prompterId } = message.data;
    if (!this.exists(actor.companyId, prompterId)) {
      return { handled: true, reply: { type: 'prompter_error', data: { prompterId, message: 'Prompter not found' } } };
    }
    const from = { userId: actor.userId };
    if (message.type === 'prompter_position') this.options.bus.publish(actor.companyId, 'prompter_position', { ...message.data, from });
    else this.options.bus.publish(actor.companyId, 'prompter_command', { ...message.data, from });
    return { handled: true };
  }

  close(): void {
    this.unsubscribe();
  }

  private exists(companyId: number, prompterId: number): boolean {
    const key = `${companyId}:${prompterId}`;
    if (this.known.has(key)) return true;
    if (!this.options.prompterExists(companyId, prompterId)) return false;
    this.known.add(key);
    return true;
  }

  /** Token bucket per socket: refills PROMPTER_POSITION_PER_SECOND a second up to the same. */
  private take(socket: object): boolean {
    const now = this.now();
    const bucket = this.buckets.get(socket) ?? { tokens: PROMPTER_POSITION_PER_SECOND, at: now };
    bucket.tokens = Math.min(PROMPTER_POSITION_PER_SECOND, bucket.tokens + ((now - bucket.at) / 1000) * PROMPTER_POSITION_PER_SECOND);
    bucket.at = now;
    this.buckets.set(socket, bucket);
    if (bucket.tokens < 1) return false;
    bucket.tokens -= 1;
    return true;
  }
}
