import { Bot, type Api } from 'node-telegram-bot-api';
import type { AppContext } from '../../context';
import { CompaniesRepo } from '../companies/companies.repo';
import { SettingsRepo } from '../settings/settings.repo';

export interface BotInfo {
  id: number;
  first_name: string;
  username: string;
}

export type BotStatus = { connected: true; botInfo: BotInfo } | { connected: false; botInfo: null; error?: string };

interface Running {
  token: string;
  bot: Bot;
  info: BotInfo | null;
  error?: string;
  polling: Promise<void> | null;
}

/** What the registry asks of the command layer: install the company's handlers on a new bot. */
export type InstallCommands = (bot: Bot, companyId: number) => void;

/**
 * One bot per company that has a token (company settings), long polling through the real
 * node-telegram-bot-api client against `config.telegram.apiRoot`. Started with the server,
 * restarted when the company's token changes (settings_updated), stopped on close. A bad token
 * leaves that company disconnected with the API's reason; other companies and the server go on.
 */
export class TelegramBots {
  private readonly running = new Map<number, Running>();
  /** One start/stop at a time per company: a token saved twice quickly never leaves two pollers. */
  private readonly chains = new Map<number, Promise<void>>();
  private install: InstallCommands = () => {};
  private closed = false;

  constructor(private readonly ctx: AppContext) {}

  setCommands(install: InstallCommands): void {
    this.install = install;
  }

  async startAll(): Promise<void> {
    const companies = await this.ctx.store.read((q) => new CompaniesRepo(q).listAll());
    await Promise.all(companies.map((c) => this.sync(c.id)));
  }

  /** Brings the company's bot in line with its saved token (start, restart or stop). */
  sync(companyId: number): Promise<void> {
    const next = (this.chains.get(companyId) ?? Promise.resolve()).then(() => this.syncNow(companyId));
    const settled = next.catch((err: unknown) =>
      this.ctx.logger.error('telegram bot sync failed', { companyId, err: String(err) }),
    );
    this.chains.set(companyId, settled);
    return settled;
  }

  status(companyId: number): BotStatus {
    const r = this.running.get(companyId);
    if (r?.info) return { connected: true, botInfo: r.info };
    return { connected: false, botInfo: null, ...(r?.error ? { error: r.error } : {}) };
  }

  /** The company's Bot API client when its bot is connected. */
  api(companyId: number): Api | null {
    const r = this.running.get(companyId);
    return r?.info ? r.bot.api : null;
  }

  /** Every bot stops polling (another server runs them now); a later startAll starts them again. */
  async stopAll(): Promise<void> {
    await Promise.all([...this.chains.values()]);
    await Promise.all([...this.running.keys()].map((id) => this.stop(id)));
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.chains.values()]);
    await Promise.all([...this.running.keys()].map((id) => this.stop(id)));
  }

  private async syncNow(companyId: number): Promise<void> {
    const token = this.closed
      ? null
      : ((await this.ctx.store.read((q) => new SettingsRepo(q).find(companyId)))?.telegramBotToken ?? null);
    const current = this.running.get(companyId);
    if (current && current.token === token) return;
    if (current) await this.stop(companyId);
    if (token) await this.start(companyId, token);
  }

  private async start(companyId: number, token: string): Promise<void> {
    const { apiRoot, pollTimeoutSeconds } = this.ctx.config.telegram;
    // Retries with backoff (429 honouring retry_after, 5xx, network) are the library's.
    const bot = new Bot(token, { apiRoot, maxRetries: 3, retryBackoffMs: 500, timeoutMs: 15_000 });
    const entry: Running = { token, bot, info: null, polling: null };
    this.running.set(companyId, entry);
    try {
      const me = await bot.api.getMe();
      entry.info = { id: me.id, first_name: me.first_name, username: me.username ?? '' };
    } catch (err) {
      entry.error = `Could not reach the bot: ${err instanceof Error ? err.message : String(err)}`;
      this.ctx.logger.warn('telegram bot not connected', { companyId, error: entry.error });
      return;
    }
    bot.catch((err) => this.ctx.logger.error('telegram command failed', { companyId, err: String(err) }));
    this.install(bot, companyId);
    entry.polling = bot
      .startPolling(undefined, {
        timeout: pollTimeoutSeconds,
        onError: (err) => this.ctx.logger.warn('telegram poll failed, retrying', { companyId, err: String(err) }),
      })
      .catch((err: unknown) => {
        entry.info = null;
        entry.error = `Polling stopped: ${String(err)}`;
        this.ctx.logger.error('telegram polling stopped', { companyId, err: String(err) });
      });
    this.ctx.logger.info('telegram bot connected', { companyId, username: entry.info.username });
  }

  private async stop(companyId: number): Promise<void> {
    const r = this.running.get(companyId);
    if (!r) return;
    this.running.delete(companyId);
    r.bot.stop();
    // stop() aborts the pending getUpdates; wait for the pump to return so nothing is left open.
    await r.polling;
  }
}
