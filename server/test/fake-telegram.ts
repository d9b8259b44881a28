import express from 'express';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the Telegram Bot API (https://core.telegram.org/bots/api), spoken over real
 * HTTP so the real node-telegram-bot-api client runs against it: POST /bot<token>/<method> with
 * form-encoded or JSON parameters, answers `{ ok, result }` / `{ ok: false, error_code,
 * description }`. Implemented: getMe, getUpdates (long poll with offset and timeout),
 * sendMessage (message_thread_id kept), deleteMessage, getChat. Tests push user messages in
 * and read what the bot sent.
 */

export interface SentMessage {
  token: string;
  chatId: string;
  threadId: string | null;
  text: string;
  messageId: number;
}

interface Waiter {
  offset: number;
  resolve: () => void;
}

interface BotState {
  updates: { update_id: number; message: Record<string, unknown> }[];
  waiters: Set<Waiter>;
}

export interface FakeTelegram {
  url: string;
  sent: SentMessage[];
  deleted: { chatId: string; messageId: number }[];
  /** Bot tokens the fake accepts (others get 401 Unauthorized, as the real API answers). */
  addBot(token: string, username?: string): void;
  /** A user writes to the bot in a private chat (chat id = user id) or in a group. */
  userSays(
    token: string,
    from: { id: number; firstName?: string },
    text: string,
    options?: { chatId?: number; ageSeconds?: number },
  ): number;
  /** The next `count` sendMessage calls answer 429 (retry_after seconds) or 500. */
  failNextSends(count: number, kind: '429' | '500', retryAfter?: number): void;
  /** Waits until `count` messages matching `filter` were sent (polling the log; 5 s limit). */
  waitForSent(filter: (m: SentMessage) => boolean, count?: number): Promise<SentMessage[]>;
  /** Message dates follow this clock (the test server's movable one), as Telegram's follow real time. */
  useClock(now: () => number): void;
  /** getUpdates calls currently held open (a stopped bot leaves none). */
  openPolls(): number;
  close(): Promise<void>;
}

const param = (body: Record<string, unknown>, key: string): string | undefined => {
  const v = body[key];
  if (typeof v === 'string') return v;
  return typeof v === 'number' || typeof v === 'boolean' ? String(v) : undefined;
};

export async function startFakeTelegram(): Promise<FakeTelegram> {
  const bots = new Map<string, BotState & { username: string; id: number }>();
  const sent: SentMessage[] = [];
  const deleted: { chatId: string; messageId: number }[] = [];
  let nextUpdate = 1;
  let nextMessage = 1000;
  let failures: { kind: '429' | '500'; retryAfter: number }[] = [];
  let polls = 0;
  let clock = () => Date.now();

  const app = express();
  app.use(express.urlencoded({ extended: false }), express.json());
  app.post('/bot:token/:method', async (req, res) => {
    const token = req.params.token;
    const bot = bots.get(token);
    if (!bot) {
      res.status(401).json({ ok: false, error_code: 401, description: 'Unauthorized' });
      return;
    }
    const body = (req.body ?? {}) as Record<string, unknown>;
    const ok = (result: unknown) => res.json({ ok: true, result });
    switch (req.params.method) {
      case 'getMe':
        return ok({ id: bot.id, is_bot: true, first_name: 'CG Bridge Bot', username: bot.username });
      case 'getUpdates': {
        const offset = Number(param(body, 'offset') ?? 0);
        const timeout = Math.min(Number(param(body, 'timeout') ?? 0), 50);
        const pending = () => bot.updates.filter((u) => u.update_id >= offset);
        // Confirmed updates (below the offset) are forgotten, as Telegram does.
        bot.updates = pending();
        if (!bot.updates.length && timeout > 0) {
          polls++;
          await new Promise<void>((resolve) => {
            const waiter: Waiter = { offset, resolve };
            const timer = setTimeout(() => done(), timeout * 1000);
            const done = () => {
              clearTimeout(timer);
              bot.waiters.delete(waiter);
              resolve();
            };
            waiter.resolve = done;
            bot.waiters.add(waiter);
            // The client gave up (aborted poll): stop waiting. res, not req: a request's 'close' fires once its body is read.
            res.on('close', done);
          });
          polls--;
        }
        if (res.writableEnded || res.destroyed) return;
        return ok(pending());
      }
      case 'sendMessage': {
        const failure = failures.shift();
        if (failure?.kind === '429') {
          res.status(429).json({
            ok: false,
            error_code: 429,
            description: `Too Many Requests: retry after ${failure.retryAfter}`,
            parameters: { retry_after: failure.retryAfter },
          });
          return;
        }
        if (failure) {
          res.status(500).json({ ok: false, error_code: 500, description: 'Internal Server Error' });
          return;
        }
        const chatId = param(body, 'chat_id');
        const text = param(body, 'text');
        if (!chatId || !text) {
          res.status(400).json({ ok: false, error_code: 400, description: 'Bad Request: message text is empty' });
          return;
        }
        const messageId = nextMessage++;
        sent.push({ token, chatId, threadId: param(body, 'message_thread_id') ?? null, text, messageId });
        return ok({
          message_id: messageId,
          date: Math.floor(Date.now() / 1000),
          chat: { id: Number(chatId), type: chatId.startsWith('-') ? 'supergroup' : 'private' },
          text,
        });
      }
      case 'deleteMessage':
        deleted.push({ chatId: param(body, 'chat_id') ?? '', messageId: Number(param(body, 'message_id')) });
        return ok(true);
      case 'getChat': {
        const chatId = Number(param(body, 'chat_id'));
        return ok({
          id: chatId,
          type: chatId < 0 ? 'supergroup' : 'private',
          title: chatId < 0 ? `Group ${chatId}` : undefined,
          is_forum: chatId < 0,
        });
      }
      default:
        res.status(404).json({ ok: false, error_code: 404, description: 'Not Found: method not found' });
    }
  });

  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    sent,
    deleted,
    addBot(token, username = 'cgbridge_test_bot') {
      bots.set(token, { updates: [], waiters: new Set(), username, id: 7_000_000 + bots.size });
    },
    userSays(token, from, text, { chatId = from.id, ageSeconds = 0 } = {}) {
      const bot = bots.get(token);
      if (!bot) throw new Error('unknown bot token');
      const messageId = nextMessage++;
      const update_id = nextUpdate++;
      const isCommand = text.startsWith('/');
      const commandLength = isCommand ? (text.split(/\s/)[0] ?? '').length : 0;
      bot.updates.push({
        update_id,
        message: {
          message_id: messageId,
          date: Math.floor(clock() / 1000) - ageSeconds,
          from: { id: from.id, is_bot: false, first_name: from.firstName ?? 'Tester' },
          chat:
            chatId < 0
              ? { id: chatId, type: 'supergroup', title: 'Newsroom' }
              : { id: chatId, type: 'private', first_name: from.firstName ?? 'Tester' },
          text,
          ...(isCommand ? { entities: [{ type: 'bot_command', offset: 0, length: commandLength }] } : {}),
        },
      });
      for (const w of [...bot.waiters]) w.resolve();
      return messageId;
    },
    failNextSends(count, kind, retryAfter = 1) {
      failures = Array.from({ length: count }, () => ({ kind, retryAfter }));
    },
    async waitForSent(filter, count = 1) {
      const deadline = Date.now() + 5000;
      for (;;) {
        const matches = sent.filter(filter);
        if (matches.length >= count) return matches;
        if (Date.now() > deadline)
          throw new Error(
            `expected ${count} sent message(s), got ${matches.length}: ${JSON.stringify(sent.map((m) => m.text))}`,
          );
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    useClock(now) {
      clock = now;
    },
    openPolls: () => polls,
    close: async () => {
      for (const bot of bots.values()) for (const w of [...bot.waiters]) w.resolve();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
