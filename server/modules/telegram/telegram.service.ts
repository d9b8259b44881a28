import { TelegramApiError } from 'node-telegram-bot-api';
import type {
  GroupTopic,
  TelegramResult,
  TelegramStatus,
  TestMessageInput,
  testNotificationSchema,
} from '../../../shared/contracts/telegram';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { Actor } from '../../lib/auth';
import { HttpError, badRequest } from '../../lib/errors';
import type { ActivityLogsService } from '../activity-logs/activity-logs.service';
import { BOT_NOT_CONNECTED } from './telegram-outbox';
import type { TelegramBots } from './telegram-bots';
import { presentTelegramGroups } from '../settings/settings.presenter';
import { SettingsRepo } from '../settings/settings.repo';
import { UsersRepo } from '../users/users.repo';

type TestNotification = z.output<typeof testNotificationSchema>;
type Caller = Pick<Actor, 'companyId' | 'userId' | 'fullName'>;

/** A failure the page shows as `{ success: false, error }` with a fitting status. */
function failure(status: number, error: string): HttpError {
  return new HttpError(status, error, [{ path: '', message: error }]);
}

/** Chat-bot control (docs/product.md §API): status, test message, test notification, group topics. */
export class TelegramService {
  constructor(
    private readonly ctx: AppContext,
    private readonly bots: TelegramBots,
    private readonly activity: ActivityLogsService,
  ) {}

  async status(actor: Pick<Actor, 'companyId'>): Promise<TelegramStatus> {
    const s = await this.bots.statusAnywhere(actor.companyId);
    return s.connected
      ? { connected: true, botInfo: { first_name: s.botInfo.first_name, username: s.botInfo.username } }
      : { connected: false, botInfo: null, ...(s.error ? { error: s.error } : {}) };
  }

  async testMessage(actor: Caller, input: TestMessageInput): Promise<TelegramResult> {
    await this.send(actor.companyId, input.chatId, null, input.message);
    await this.activity.record(actor, 'telegram_test_message', `Test message sent to chat ${input.chatId}`);
    return { success: true, message: 'Test message sent' };
  }

  async testNotification(actor: Caller, input: TestNotification): Promise<TelegramResult> {
    const text = input.message || `🔔 Test notification from CG Bridge for ${actor.fullName}`;
    if (input.groupId && input.topicId) {
      await this.send(actor.companyId, input.groupId, input.topicId, text);
      return { success: true, message: `Test notification sent to topic ${input.topicId}` };
    }
    // Without a bot nothing can be sent: say that first, it is the fix the user needs.
    if (!(await this.bots.apiAnywhere(actor.companyId))) throw failure(503, BOT_NOT_CONNECTED);
    const me = await this.ctx.store.read((q) => new UsersRepo(q).findById(actor.companyId, actor.userId));
    if (!me?.telegramId)
      throw failure(
        400,
        'Your account is not linked to Telegram: send /start to the bot and ask an admin to enter the number it answers as your Telegram ID',
      );
    await this.send(actor.companyId, me.telegramId, null, text);
    return { success: true, message: 'Test notification sent to your Telegram chat' };
  }

  /**
   * The Bot API cannot list a forum's topics, so these are the topics the station configured for
   * that group in the Telegram group settings, with what each is for.
   */
  async groupTopics(actor: Pick<Actor, 'companyId'>, groupId: string): Promise<GroupTopic[]> {
    if (!/^-?\d+$/.test(groupId)) throw badRequest('Group ID must be a number (groups start with a minus)');
    const g = presentTelegramGroups(await this.ctx.store.read((q) => new SettingsRepo(q).find(actor.companyId)));
    const topics: [string, string, string][] = [
      [g.primaryGroupId, g.equipmentRequestTopicId, 'Equipment Requests'],
      [g.primaryGroupId, g.breakingNewsTopicId, 'Breaking News'],
      [g.primaryGroupId, g.generalNotificationTopicId, 'General Notifications'],
      [g.secondaryGroupId, g.secondaryGroupTopicId, 'Secondary Group Topic'],
    ];
    return topics.filter(([group, topic]) => group === groupId && topic).map(([, id, name]) => ({ id, name }));
  }

  private async send(companyId: number, chatId: string, threadId: string | null, text: string): Promise<void> {
    // Any server can send: only the polling is the jobs server's (issue 43).
    const api = await this.bots.apiAnywhere(companyId);
    if (!api) throw failure(503, BOT_NOT_CONNECTED);
    try {
      await api.sendMessage({ chat_id: chatId, text, ...(threadId ? { message_thread_id: Number(threadId) } : {}) });
    } catch (err) {
      // Telegram refusing the chat or topic is the user's input (400); anything else is upstream.
      if (err instanceof TelegramApiError && err.errorCode >= 400 && err.errorCode < 500 && err.errorCode !== 429)
        throw failure(400, `Telegram refused: ${err.description}`);
      throw failure(502, `Telegram could not be reached: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
}
