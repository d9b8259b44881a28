import type { AppContext } from '../../context';
import type { ActivityLogsService } from '../activity-logs/activity-logs.service';
import type { DeliveryOutcome } from '../equipment-alerts/notification-channel';
import type { TelegramBots } from './telegram-bots';

export interface OutgoingMessage {
  companyId: number;
  chatId: string;
  /** Forum topic (message_thread_id); empty = the group's main chat. */
  threadId?: string | null;
  text: string;
  /** One key per event and recipient: a key already sent is never sent again. */
  key: string;
  /** For the activity log: what this message was ("Breaking news #12"). */
  what: string;
}

export const BOT_NOT_CONNECTED = 'The Telegram bot is not connected (set the bot token in Settings)';
const KEY_MEMORY_MS = 48 * 3_600_000;
const MAX_HELD = 10_000;

/**
 * Every message the server sends on its own (not command replies) goes through here:
 * - at most once per key (two events for one article, a double-clicked test, a job re-run);
 * - the library retries 429 (honouring retry_after), 5xx and network errors with backoff;
 *   a failure left after that is written to the activity log and answered, never thrown;
 * - quiet hours hold a message here until its time (the held job sends what is due).
 * Keys and held messages live in memory: after a restart a held message is gone (decisions.md).
 */
export class TelegramOutbox {
  private readonly sentKeys = new Map<string, number>();
  private held: { at: number; message: OutgoingMessage }[] = [];

  constructor(
    private readonly ctx: AppContext,
    private readonly bots: TelegramBots,
    private readonly activity: ActivityLogsService,
  ) {}

  connected(companyId: number): boolean {
    return this.bots.api(companyId) !== null;
  }

  async send(message: OutgoingMessage): Promise<DeliveryOutcome> {
    const api = this.bots.api(message.companyId);
    if (!api) return { delivered: false, delivery: 'not_delivered', reason: BOT_NOT_CONNECTED };
    const now = this.ctx.clock.now().getTime();
    if (this.sentKeys.has(message.key))
      return { delivered: false, delivery: 'not_delivered', reason: 'Already sent for this event' };
    this.sentKeys.set(message.key, now);
    this.forgetOldKeys(now);
    try {
      await api.sendMessage({
        chat_id: message.chatId,
        text: message.text,
        ...(message.threadId ? { message_thread_id: Number(message.threadId) } : {}),
      });
      return { delivered: true, channel: 'telegram' };
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      await this.activity.record(
        { userId: null, companyId: message.companyId },
        'telegram_delivery_failed',
        `${message.what} to chat ${message.chatId} not delivered: ${reason}`,
      );
      this.ctx.logger.warn('telegram delivery failed', { companyId: message.companyId, key: message.key, reason });
      return { delivered: false, delivery: 'failed', reason };
    }
  }

  /** Keeps a message until `until` (quiet hours); the held job sends it then. */
  hold(message: OutgoingMessage, until: Date): DeliveryOutcome {
    if (this.held.length >= MAX_HELD) this.held.shift();
    this.held.push({ at: until.getTime(), message });
    return { delivered: false, delivery: 'not_delivered', reason: `Held for quiet hours until ${until.toISOString()}` };
  }

  heldCount(companyId: number): number {
    return this.held.filter((h) => h.message.companyId === companyId).length;
  }

  /** The held job: sends what is due, keeps the rest. */
  async sendDue(): Promise<void> {
    const now = this.ctx.clock.now().getTime();
    const due = this.held.filter((h) => h.at <= now);
    this.held = this.held.filter((h) => h.at > now);
    for (const { message } of due) await this.send(message);
  }

  private forgetOldKeys(now: number): void {
    if (this.sentKeys.size < 1000) return;
    for (const [key, at] of this.sentKeys) if (now - at > KEY_MEMORY_MS) this.sentKeys.delete(key);
  }
}
