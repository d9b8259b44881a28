import type { NotificationPreferences } from '../../../shared/contracts/notification-preferences';
import type { EquipmentRequest } from '../../../shared/contracts/equipment';
import type { ServerEvents } from '../../../shared/contracts/live';
import type { News } from '../../../shared/contracts/news';
import type { TelegramGroups } from '../../../shared/contracts/settings';
import { shouldDeliverNow, type DeliveryUrgency } from '../../../shared/quiet-hours';
import { StationCalendar } from '../settings/settings-station-calendar';
import type { AppContext } from '../../context';
import {
  NO_CHANNEL_REASON,
  type DeliveryOutcome,
  type NotificationChannel,
  type NotificationMessage,
} from '../equipment-alerts/notification-channel';
import type { NotificationPreferencesService } from '../notification-preferences/notification-preferences.service';
import { presentTelegramGroups } from '../settings/settings.presenter';
import { SettingsRepo } from '../settings/settings.repo';
import { UsersRepo } from '../users/users.repo';
import type { OutgoingMessage, TelegramOutbox } from './telegram-outbox';
import { requestNumber } from '../../../shared/request-number';

type PersonalGroup =
  'breakingNews' | 'equipmentApproval' | 'equipmentOverdue' | 'equipmentReminders' | 'lowStockAlerts';

/**
 * What the station hears from the bot on its own: breaking news to the breaking topic, new
 * equipment requests to the equipment topic (company group settings), and personal messages to
 * linked users as their preferences allow — channel telegram on, the group's switch on, quiet
 * hours and weekend mode (shared/quiet-hours.ts). Also the equipment alerts' NotificationChannel.
 */
export class TelegramNotifications implements NotificationChannel {
  readonly name = 'Telegram';

  constructor(
    private readonly ctx: AppContext,
    private readonly outbox: TelegramOutbox,
    private readonly preferences: NotificationPreferencesService,
  ) {}

  /**
   * Subscribes to the bus; returns the unsubscribe. Each message is sent after the request that
   * caused it answered: a failure (the store closed by a shutdown or a restore in place, a dropped
   * PostgreSQL connection) is logged, never left as an unhandled rejection, which would stop the
   * process and the station's air with it.
   */
  listen(): () => void {
    const detached = (what: string, companyId: number, work: Promise<unknown>) =>
      work.catch((err: unknown) => this.ctx.logger.warn('telegram notification not sent', { what, companyId, err }));
    // Every server's changes, sent by the one server whose bots run (one on SQLite; issue 43).
    return this.ctx.bus.subscribe((event) => {
      if (!this.ctx.duty.holds()) return;
      const { type, companyId, data } = event;
      if (type === 'breaking_news') void detached(type, companyId, this.breakingNews(companyId, data as News));
      if (type === 'equipment_requested')
        void detached(type, companyId, this.equipmentRequested(companyId, data as EquipmentRequest));
      if (type === 'equipment_request_updated' && (data as EquipmentRequest).status === 'rejected')
        void detached(type, companyId, this.requestRejected(companyId, data as EquipmentRequest));
      if (type === 'news_returned')
        void detached(type, companyId, this.newsReturned(companyId, data as ServerEvents['news_returned']));
      if (type === 'backup_offsite_stale')
        void detached(
          type,
          companyId,
          this.backupOffsiteStale(companyId, data as ServerEvents['backup_offsite_stale']),
        );
    });
  }

  async breakingNews(companyId: number, news: News): Promise<void> {
    const groups = await this.groups(companyId);
    const text = `🚨 ${news.priority === 'urgent' ? 'URGENT' : 'BREAKING'}: ${news.title}${news.subtitle ? `\n${news.subtitle}` : ''}`;
    const what = `Breaking news #${news.id}`;
    if (groups.enableGroupNotifications && groups.enableBreakingNewsAlerts && groups.primaryGroupId) {
      await this.outbox.send({
        companyId,
        chatId: groups.primaryGroupId,
        threadId: groups.breakingNewsTopicId,
        text,
        key: `breaking:${companyId}:${news.id}`,
        what,
      });
    }
    const urgency: DeliveryUrgency = news.priority === 'urgent' ? 'urgent' : 'high';
    await this.personal(
      companyId,
      'breakingNews',
      urgency,
      (p) => p.breakingNews.priority !== 'urgent' || news.priority === 'urgent',
      {
        text,
        key: `breaking:${companyId}:${news.id}`,
        what,
      },
    );
  }

  async equipmentRequested(companyId: number, request: EquipmentRequest): Promise<void> {
    const groups = await this.groups(companyId);
    const text = `📦 New equipment request ${requestNumber(request.id)}: ${request.equipmentName ?? 'an item'} for ${request.requestedByName ?? 'someone'} — ${request.purpose}\nApprove with /approvals approve ${request.id}`;
    const what = `Equipment request ${requestNumber(request.id)}`;
    if (groups.enableGroupNotifications && groups.primaryGroupId) {
      await this.outbox.send({
        companyId,
        chatId: groups.primaryGroupId,
        threadId: groups.equipmentRequestTopicId,
        text,
        key: `request:${companyId}:${request.id}`,
        what,
      });
    }
    await this.personal(
      companyId,
      'equipmentApproval',
      'normal',
      (p, role) => p.equipmentApproval.includeRequests && (role === 'admin' || role === 'owner'),
      {
        text,
        key: `request:${companyId}:${request.id}`,
        what,
      },
    );
  }

  /**
   * A rejected loan request, told to its borrower with the reason (issue 39): like a story sent
   * back, a person's decision addressed to them — no preference switch hides it; quiet hours and
   * weekend mode hold it. Once per request (a rejection is final).
   */
  async requestRejected(companyId: number, request: EquipmentRequest): Promise<DeliveryOutcome> {
    if (request.requestedBy === null) return off('The request has no borrower');
    const borrowerId = request.requestedBy;
    const borrower = await this.ctx.store.read((q) => new UsersRepo(q).findById(companyId, borrowerId));
    if (!borrower?.telegramId) return off(`${borrower?.fullName ?? 'The borrower'} has not linked Telegram`);
    const text = `🚫 Your request ${requestNumber(request.id)} for ${request.equipmentName ?? 'an item'} was rejected.\nReason: ${request.rejectionReason ?? 'none given'}`;
    const prefs = await this.preferences.forUser(companyId, borrower.id);
    return this.deliverTo(prefs, 'normal', {
      companyId,
      chatId: borrower.telegramId,
      text,
      key: `rejected:${companyId}:${request.id}`,
      what: `Equipment request ${requestNumber(request.id)} rejected`,
    });
  }

  /**
   * A story sent back to its writer (issue 26): a person addressed them, like Remind, so no
   * preference switch hides it; quiet hours and weekend mode still hold it. Once per sending back.
   */
  async newsReturned(companyId: number, event: ServerEvents['news_returned']): Promise<DeliveryOutcome> {
    const { news, writerId, by } = event;
    if (writerId === null || writerId === by.userId) return off('The editor is the writer');
    const writer = await this.ctx.store.read((q) => new UsersRepo(q).findById(companyId, writerId));
    if (!writer?.telegramId) return off(`${writer?.fullName ?? 'The writer'} has not linked Telegram`);
    const verb = news.returnKind === 'unapproved' ? 'took back' : 'sent back';
    const text = `↩️ ${by.fullName} ${verb} your story "${news.title}"\nReason: ${news.returnReason ?? ''}`;
    const prefs = await this.preferences.forUser(companyId, writer.id);
    const key = `returned:${companyId}:${news.id}:${news.returnedAt ?? ''}`;
    return this.deliverTo(prefs, 'normal', {
      companyId,
      chatId: writer.telegramId,
      text,
      key,
      what: `Story #${news.id} sent back`,
    });
  }

  /**
   * The host station's off-PC backup copy is late (issue 41): its owners, linked, whatever their
   * preferences — the station's data are at stake, as a person addressing them would be; quiet
   * hours still hold it. Once per copy missed (the backups service says it once; the key too).
   */
  async backupOffsiteStale(companyId: number, event: ServerEvents['backup_offsite_stale']): Promise<void> {
    const since = event.lastCopyAt ? `since ${new Date(event.lastCopyAt).toUTCString()}` : 'yet';
    const text = `⚠️ CG Bridge has made no off-PC backup copy ${since} (backups every ${event.intervalMinutes} min). Check the backup folder on the Backups page.`;
    for (const owner of await this.linked(companyId)) {
      if (owner.role !== 'owner' || !owner.telegramId) continue;
      const prefs = await this.preferences.forUser(companyId, owner.id);
      await this.deliverTo(prefs, 'high', {
        companyId,
        chatId: owner.telegramId,
        text,
        key: `backup-stale:${event.lastCopyAt ?? 'never'}:user:${owner.id}`,
        what: 'Off-PC backup late',
      });
    }
  }

  /** Equipment alerts (overdue, reminders, low stock) through the bot. */
  async deliver(message: NotificationMessage): Promise<DeliveryOutcome> {
    if (!this.outbox.connected(message.companyId)) return off(NO_CHANNEL_REASON);
    const groups = await this.groups(message.companyId);
    const key = `alert:${message.companyId}:${message.kind}:${message.userId ?? 'station'}:${this.ctx.clock.now().toISOString()}`;
    const what = `Equipment alert (${message.kind})`;
    if (message.kind === 'overdue' && !groups.enableOverdueAlerts)
      return off('Overdue alerts are off in the group settings');
    if ((message.kind === 'before_due' || message.kind === 'after_due') && !groups.enableEquipmentReminders)
      return off('Equipment reminders are off in the group settings');
    if (message.userId === null) {
      if (!groups.enableGroupNotifications || !groups.primaryGroupId)
        return off('No Telegram group is set for station alerts');
      return this.outbox.send({
        companyId: message.companyId,
        chatId: groups.primaryGroupId,
        threadId: groups.generalNotificationTopicId,
        text: message.text,
        key,
        what,
      });
    }
    const userId = message.userId;
    const user = await this.ctx.store.read((q) => new UsersRepo(q).findById(message.companyId, userId));
    if (!user?.telegramId) return off(`${user?.fullName ?? 'The user'} has not linked Telegram`);
    const group: PersonalGroup =
      message.kind === 'overdue'
        ? 'equipmentOverdue'
        : message.kind === 'low_stock'
          ? 'lowStockAlerts'
          : 'equipmentReminders';
    const prefs = await this.preferences.forUser(message.companyId, user.id);
    // The Remind button is a person asking: it is not switched off by preferences, only held at night.
    if (message.kind !== 'manual' && (!prefs[group].enabled || !prefs[group].channels.includes('telegram')))
      return off('Turned off in the user’s notification preferences');
    return this.deliverTo(prefs, message.kind === 'overdue' ? 'high' : 'normal', {
      companyId: message.companyId,
      chatId: user.telegramId,
      text: message.text,
      key: `${key}:${user.id}`,
      what,
    });
  }

  private async personal(
    companyId: number,
    group: PersonalGroup,
    urgency: DeliveryUrgency,
    wants: (p: NotificationPreferences, role: string) => boolean,
    message: Omit<OutgoingMessage, 'companyId' | 'chatId'>,
  ): Promise<void> {
    for (const user of await this.linked(companyId)) {
      const prefs = await this.preferences.forUser(companyId, user.id);
      if (
        !prefs[group].enabled ||
        !prefs[group].channels.includes('telegram') ||
        !wants(prefs, user.role) ||
        !user.telegramId
      )
        continue;
      await this.deliverTo(prefs, urgency, {
        ...message,
        companyId,
        chatId: user.telegramId,
        key: `${message.key}:user:${user.id}`,
      });
    }
  }

  private async deliverTo(
    prefs: NotificationPreferences,
    urgency: DeliveryUrgency,
    message: OutgoingMessage,
  ): Promise<DeliveryOutcome> {
    // Weekend mode reads the station's weekend days (issue 39), not a fixed Saturday–Sunday.
    const weekend = await this.ctx.store.read((q) => new StationCalendar(q).weekendDays(message.companyId));
    const decision = shouldDeliverNow(prefs, urgency, this.ctx.clock.now(), weekend);
    if (decision.deliver) return this.outbox.send(message);
    if (decision.reason === 'quiet_hours') return this.outbox.hold(message, decision.holdUntil);
    return off(
      decision.reason === 'weekend_emergency_only'
        ? 'Weekend mode: emergencies only'
        : 'Weekend mode: reduced notifications',
    );
  }

  private async groups(companyId: number): Promise<TelegramGroups> {
    return presentTelegramGroups(await this.ctx.store.read((q) => new SettingsRepo(q).find(companyId)));
  }

  /** Active users of the company with a linked chat. */
  private linked(companyId: number) {
    return this.ctx.store.read((q) => new UsersRepo(q).listLinked(companyId));
  }
}

const off = (reason: string): DeliveryOutcome => ({ delivered: false, delivery: 'not_delivered', reason });
