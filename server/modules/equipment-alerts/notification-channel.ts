import type { EquipmentAlertKind } from './alert-rules';

/** What a person is told (the bot issue turns it into a Telegram message to their linked chat). */
export interface NotificationMessage {
  companyId: number;
  kind: EquipmentAlertKind;
  /** The person the message is for (the borrower); null for a station-wide alert (low stock). */
  userId: number | null;
  text: string;
}

export type DeliveryOutcome =
  { delivered: true; channel: string } | { delivered: false; delivery: 'not_delivered' | 'failed'; reason: string };

/** One way to reach a person outside the app (Telegram today; e-mail or SMS later). */
export interface NotificationChannel {
  readonly name: string;
  deliver(message: NotificationMessage): Promise<DeliveryOutcome>;
}

/** No bot token for the station (or no channel at all): said as such, never as a failure. */
export const NO_CHANNEL_REASON = 'Telegram delivery is not set up yet';

/**
 * Tries the configured channels in order; the first that delivers wins. With none configured,
 * or the bot without a token, the answer is an honest "not delivered", never a pretend success. A channel that throws counts as failed, so one broken channel cannot stop
 * a job run.
 */
export class Notifier {
  constructor(private readonly channels: readonly NotificationChannel[]) {}

  async deliver(message: NotificationMessage): Promise<DeliveryOutcome> {
    if (!this.channels.length) return { delivered: false, delivery: 'not_delivered', reason: NO_CHANNEL_REASON };
    const reasons: string[] = [];
    let failed = false;
    for (const channel of this.channels) {
      try {
        const outcome = await channel.deliver(message);
        if (outcome.delivered) return outcome;
        failed ||= outcome.delivery === 'failed';
        reasons.push(this.channels.length > 1 ? `${channel.name}: ${outcome.reason}` : outcome.reason);
      } catch (err) {
        failed = true;
        reasons.push(`${channel.name}: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
    // "Not delivered" (nobody to send to, switched off, held for quiet hours) is not a failure.
    return { delivered: false, delivery: failed ? 'failed' : 'not_delivered', reason: reasons.join('; ') };
  }
}
