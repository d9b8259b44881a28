import type { AppContext } from '../../context';
import type { Scheduler } from '../../jobs/scheduler';
import type { Services } from '../../services';
import { installCommands } from './telegram-commands';

/**
 * Starts the bot side of the server: commands on every company's bot, bots for the companies that
 * have a token (in the background: a station without internet must still start at once), restarts
 * on a token change, the bus → Telegram notifications and the quiet-hours job. Returns the stop.
 */
export function startTelegram(ctx: AppContext, services: Services, scheduler: Scheduler): () => Promise<void> {
  const { telegramBots: bots } = services;
  bots.setCommands(installCommands(ctx, services));
  // Telegram lets one poller per bot: the bots run on the server carrying the jobs duty (issue 43).
  const follow = (holds: boolean) =>
    (holds ? bots.startAll() : bots.stopAll()).catch((err: unknown) =>
      ctx.logger.error(holds ? 'telegram bots not started' : 'telegram bots not stopped', { err: String(err) }),
    );
  if (ctx.duty.holds()) void follow(true);
  const offDuty = ctx.duty.onChange((holds) => void follow(holds));
  const unsubscribeSettings = ctx.bus.subscribe((event) => {
    if (event.type === 'settings_updated' && ctx.duty.holds()) void bots.sync(event.companyId);
  });
  const unsubscribeNotifications = services.telegramNotifications.listen();
  scheduler.add({ name: 'telegram-held', everyMs: 60_000, run: () => services.telegramOutbox.sendDue() });
  return async () => {
    offDuty();
    unsubscribeSettings();
    unsubscribeNotifications();
    await bots.close();
  };
}
