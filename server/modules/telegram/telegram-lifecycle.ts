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
  bots.startAll().catch((err: unknown) => ctx.logger.error('telegram bots not started', { err: String(err) }));
  const unsubscribeSettings = ctx.bus.subscribe((event) => {
    if (event.type === 'settings_updated') void bots.sync(event.companyId);
  });
  const unsubscribeNotifications = services.telegramNotifications.listen();
  scheduler.add({ name: 'telegram-held', everyMs: 60_000, run: () => services.telegramOutbox.sendDue() });
  return async () => {
    unsubscribeSettings();
    unsubscribeNotifications();
    await bots.close();
  };
}
