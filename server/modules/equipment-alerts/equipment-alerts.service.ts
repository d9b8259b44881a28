import { EQUIPMENT_REMINDER_DEFAULTS } from '../../../shared/constants';
import {
  REMINDER_NOT_DELIVERED_MESSAGE,
  type EquipmentReminderResult,
} from '../../../shared/contracts/equipment-alerts';
import type { TelegramGroups } from '../../../shared/contracts/settings';
import type { AppContext } from '../../context';
import type { Q } from '../../db/store';
import type { Actor } from '../../lib/auth';
import { conflict, notFound } from '../../lib/errors';
import type { ActivityLogsService } from '../activity-logs/activity-logs.service';
import { presentTelegramGroups } from '../settings/settings.presenter';
import { SettingsRepo } from '../settings/settings.repo';
import {
  afterDueReminderIsDue,
  beforeDueReminderIsDue,
  minutesPast,
  overdueAlertIsDue,
  timeOf,
  type EquipmentAlertKind,
} from './alert-rules';
import { ACTIVE_LOAN_STATUSES, alertKey, EquipmentAlertsRepo, type LoanRow } from './equipment-alerts.repo';
import { itemLabel, presentAlertLoan } from './equipment-alerts.presenter';
import { LowStockAlerts } from './low-stock-alerts';
import type { RaisedAlert } from './raised-alert';
import { Notifier, NO_CHANNEL_REASON, type DeliveryOutcome, type NotificationChannel } from './notification-channel';

export type { RaisedAlert } from './raised-alert';

/**
 * Overdue detection, before/after-due reminders, low-stock alerts and the Remind button (issue 12).
 * Every alert is first claimed as an equipment_alerts row, in a write whose body asks again whether
 * it is still due (the station's writes run one at a time, so two overlapping runs — or two
 * servers on one store — cannot both send it), then delivered through the notification layer
 * outside any write, then its outcome is recorded on the row and in the activity log. Times come
 * from ctx.clock (tests move it).
 *
 * Per-user preferences (docs/product.md §Data equipmentReminders beforeDue/afterDue, equipmentOverdue) come
 * with a later issue; until then every loan uses EQUIPMENT_REMINDER_DEFAULTS and the company's
 * Telegram group settings (reminderInterval, enableOverdueAlerts, enableEquipmentReminders).
 */
export class EquipmentAlertsService {
  private readonly notifier: Notifier;
  private readonly lowStock: LowStockAlerts;
  private readonly running = new Set<string>();

  constructor(
    readonly ctx: AppContext,
    readonly activity: ActivityLogsService,
    channels: readonly NotificationChannel[] = [],
  ) {
    this.notifier = new Notifier(channels);
    this.lowStock = new LowStockAlerts(ctx, (alert) => this.raise(alert));
  }

  /** Overdue loans → equipment_overdue to the company, at most once per request per interval. */
  runOverdue(): Promise<void> {
    return this.exclusive('overdue', async () => {
      for (const companyId of await this.companyIds()) {
        const groups = await this.groupsOf(companyId);
        if (!groups.enableOverdueAlerts) continue;
        await this.forLoans(
          companyId,
          'overdue',
          (due, now, last) => overdueAlertIsDue(due, now, last, groups.reminderInterval),
          (loan, due, now, claimIf) => this.overdue(loan, due, now, claimIf),
        );
      }
    });
  }

  /** Reminders to the borrower: one before the due time, one after it (spec defaults 60 / 30 min). */
  runReminders(): Promise<void> {
    const { beforeDueMinutes, afterDueMinutes } = EQUIPMENT_REMINDER_DEFAULTS;
    return this.exclusive('reminders', async () => {
      for (const companyId of await this.companyIds()) {
        if (!(await this.groupsOf(companyId)).enableEquipmentReminders) continue;
        await this.forLoans(
          companyId,
          'before_due',
          (due, now, last) => beforeDueReminderIsDue(due, now, last, beforeDueMinutes),
          (loan, due, _now, claimIf) => this.reminder(loan, 'before_due', `due ${formatTime(due)}`, claimIf),
        );
        await this.forLoans(
          companyId,
          'after_due',
          (due, now, last) => afterDueReminderIsDue(due, now, last, afterDueMinutes),
          (loan, due, now, claimIf) =>
            this.reminder(loan, 'after_due', `${minutesPast(due, now)} min past due`, claimIf),
        );
      }
    });
  }

  /** The backstop sweep for low stock (events handle the common case at once). */
  sweepLowStock(): Promise<void> {
    return this.exclusive('low-stock', async () => this.lowStock.sweep(await this.companyIds()));
  }

  /** The Remind button (owner/admin): recorded always, delivered when a channel exists. */
  async sendReminder(actor: Pick<Actor, 'companyId' | 'userId'>, requestId: number): Promise<EquipmentReminderResult> {
    const loan = await this.ctx.store.read((q) => new EquipmentAlertsRepo(q).loan(actor.companyId, requestId));
    if (!loan) throw notFound('Equipment request');
    const status = loan.request.status;
    if (!(ACTIVE_LOAN_STATUSES as readonly string[]).includes(status)) {
      throw conflict(
        `A reminder is only for an approved or checked-out loan; this request is ${status.replace('_', ' ')}`,
      );
    }
    const due = timeOf(loan.request.expectedReturnDate);
    const outcome = await this.raise({
      ...this.loanAlert(loan, 'manual', actor.userId),
      action: 'equipment_reminder',
      text: `Reminder to return ${itemLabel(loan.equipmentName, loan.equipmentCode)}${due === null ? '' : `, due ${formatTime(due)}`}, sent to ${nameOf(loan)}`,
    });
    if (outcome.delivered) return { success: true, delivered: true, message: 'Reminder sent' };
    const message =
      outcome.reason === NO_CHANNEL_REASON
        ? REMINDER_NOT_DELIVERED_MESSAGE
        : outcome.delivery === 'not_delivered'
          ? `Reminder recorded; not delivered: ${outcome.reason}`
          : `Reminder recorded; delivery failed: ${outcome.reason}`;
    return { success: false, delivered: false, message };
  }

  private async forLoans(
    companyId: number,
    kind: EquipmentAlertKind,
    isDue: (dueMs: number, nowMs: number, lastMs: number | null) => boolean,
    send: (loan: LoanRow, dueMs: number, nowMs: number, claimIf: ClaimGuard) => Promise<unknown>,
  ): Promise<void> {
    const { loans, last } = await this.ctx.store.read(async (q) => {
      const repo = new EquipmentAlertsRepo(q);
      const active = await repo.activeLoans(companyId);
      const ids = active.map((l) => l.request.id);
      return { loans: active, last: await repo.lastAlerts(companyId, ids) };
    });
    const now = this.ctx.clock.now().getTime();
    for (const loan of loans) {
      const id = loan.request.id;
      const due = timeOf(loan.request.expectedReturnDate);
      if (due === null || !isDue(due, now, timeOf(last.get(alertKey(id, kind))))) continue;
      // The same rule again in the claim's write body: the newest alert may have come meanwhile.
      const claimIf: ClaimGuard = async (tx) => {
        const newest = await new EquipmentAlertsRepo(tx).lastAlerts(companyId, [id]);
        return isDue(due, now, timeOf(newest.get(alertKey(id, kind))));
      };
      await send(loan, due, now, claimIf);
    }
  }

  private async overdue(loan: LoanRow, dueMs: number, nowMs: number, claimIf: ClaimGuard) {
    const overdueMinutes = minutesPast(dueMs, nowMs);
    const companyId = loan.request.companyId;
    const extension = await this.ctx.store.read((q) => new EquipmentAlertsRepo(q).pendingExtension(loan.request.id));
    const data = {
      request: presentAlertLoan(loan, extension),
      equipmentName: loan.equipmentName,
      userName: nameOf(loan),
      overdueMinutes,
    };
    return this.raise({
      ...this.loanAlert(loan, 'overdue', null),
      action: 'equipment_overdue',
      text: `Overdue: ${itemLabel(loan.equipmentName, loan.equipmentCode)} with ${data.userName}, ${overdueMinutes} min past due`,
      live: () => this.ctx.bus.publish(companyId, 'equipment_overdue', data),
      claimIf,
    });
  }

  private reminder(loan: LoanRow, kind: 'before_due' | 'after_due', when: string, claimIf: ClaimGuard) {
    const label = kind === 'before_due' ? 'Reminder before due' : 'Reminder after due';
    return this.raise({
      ...this.loanAlert(loan, kind, null),
      action: 'equipment_reminder',
      text: `${label}: ${itemLabel(loan.equipmentName, loan.equipmentCode)} with ${nameOf(loan)}, ${when}`,
      claimIf,
    });
  }

  private loanAlert(loan: LoanRow, kind: EquipmentAlertKind, createdBy: number | null) {
    const r = loan.request;
    return {
      companyId: r.companyId,
      kind,
      requestId: r.id,
      equipmentId: r.equipmentId,
      recipient: r.requestedBy,
      createdBy,
    };
  }

  /**
   * Claim (row) → live event → delivery → outcome on the row and in the activity log. Null when
   * the alert's `claimIf` found it no longer due (claimed meanwhile): nothing is sent.
   */
  private raise(alert: RaisedAlert & { claimIf?: undefined }): Promise<DeliveryOutcome>;
  private raise(alert: RaisedAlert): Promise<DeliveryOutcome | null>;
  private async raise(alert: RaisedAlert): Promise<DeliveryOutcome | null> {
    const { companyId, kind, requestId, equipmentId, createdBy } = alert;
    const id = await this.ctx.store.write(companyId, async (tx) => {
      if (alert.claimIf && !(await alert.claimIf(tx))) return null;
      return new EquipmentAlertsRepo(tx).insertAlert({
        companyId,
        kind,
        requestId,
        equipmentId,
        createdBy,
        delivery: 'pending',
        reason: null,
        createdAt: this.ctx.clock.now().toISOString(),
      });
    });
    if (id === null) return null;
    alert.live?.();
    // Delivery is network: outside any write.
    const outcome = await this.notifier.deliver({ companyId, kind, userId: alert.recipient, text: alert.text });
    const result = outcome.delivered ? `delivered via ${outcome.channel}` : `not delivered: ${outcome.reason}`;
    await this.ctx.store.write(companyId, async (tx) => {
      await new EquipmentAlertsRepo(tx).setDelivery(
        id,
        outcome.delivered ? 'delivered' : outcome.delivery,
        outcome.delivered ? `via ${outcome.channel}` : outcome.reason,
      );
      await this.activity.record({ companyId, userId: createdBy }, alert.action, `${alert.text} — ${result}`, tx);
    });
    return outcome;
  }

  private companyIds(): Promise<number[]> {
    return this.ctx.store.read((q) => new EquipmentAlertsRepo(q).companyIds());
  }

  private async groupsOf(companyId: number): Promise<TelegramGroups> {
    return presentTelegramGroups(await this.ctx.store.read((q) => new SettingsRepo(q).find(companyId)));
  }

  /** A run that is still delivering when the timer fires again is not started twice. */
  private async exclusive(name: string, run: () => Promise<void>): Promise<void> {
    if (this.running.has(name)) return;
    this.running.add(name);
    try {
      await run();
    } finally {
      this.running.delete(name);
    }
  }
}

/** The claim's re-check of an alert's rule (RaisedAlert.claimIf). */
type ClaimGuard = (tx: Q) => Promise<boolean>;

const nameOf = (loan: LoanRow) => loan.requestedByName ?? loan.requestedByUsername ?? 'Unknown user';
/** Stored times are UTC; messages say so rather than guess the reader's zone. */
const formatTime = (ms: number) => `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
