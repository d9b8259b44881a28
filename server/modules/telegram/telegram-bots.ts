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

/** A bot another server polls, as this server last asked Telegram about it. */
interface Elsewhere {
  token: string;
  bot: Bot;
  status: Promise<BotStatus>;
  at: number;
}

/** How long this server trusts what Telegram said about a bot another server polls. */
const ELSEWHERE_KEPT_MS = 30_000;

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

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
  private readonly elsewhere = new Map<number, Elsewhere>();
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

  /**
   * The bot's status on any server of the store (issue 43). The server with the jobs duty polls
   * the bots; on another, Telegram is asked who the saved token is (getMe, kept 30 s), so Settings
   * shows the bot connected whichever server the page is on.
   */
  async statusAnywhere(companyId: number): Promise<BotStatus> {
    const elsewhere = await this.polledElsewhere(companyId);
    return elsewhere ? elsewhere.status : this.status(companyId);
  }

  /** A client to send with on any server: sending needs no poller (test messages from Settings). */
  async apiAnywhere(companyId: number): Promise<Api | null> {
    const elsewhere = await this.polledElsewhere(companyId);
    if (!elsewhere) return this.api(companyId);
    return (await elsewhere.status).connected ? elsewhere.bot.api : null;
  }

  /** The company's bot as this server sees it when another server polls it; null when polled here. */
  private async polledElsewhere(companyId: number): Promise<Elsewhere | null> {
    if (this.closed || this.ctx.duty.holds() || this.running.has(companyId)) return null;
    const settings = await this.ctx.store.read((q) => new SettingsRepo(q).find(companyId));
    const token = settings?.telegramBotToken ?? null;
    if (!token) return null;
    const now = performance.now();
    const seen = this.elsewhere.get(companyId);
    if (seen && seen.token === token && now - seen.at < ELSEWHERE_KEPT_MS) return seen;
    const { apiRoot } = this.ctx.config.telegram;
    const bot = new Bot(token, { apiRoot, maxRetries: 1, retryBackoffMs: 500, timeoutMs: 10_000 });
    const status: Promise<BotStatus> = bot.api.getMe().then(
      (me) => ({ connected: true, botInfo: { id: me.id, first_name: me.first_name, username: me.username ?? '' } }),
      (err: unknown) => ({ connected: false, botInfo: null, error: `Could not reach the bot: ${errorText(err)}` }),
    );
    const entry = { token, bot, status, at: now };
    this.elsewhere.set(companyId, entry);
    return entry;
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
      entry.error = `Could not reach the bot: ${errorText(err)}`;
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
