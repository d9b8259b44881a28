import WebSocket from 'ws';

export interface LiveMessage {
  type: string;
  data: unknown;
}

/** A test WebSocket client that records every message and can wait for one. */
export class TestSocket {
  readonly messages: LiveMessage[] = [];
  readonly socket: WebSocket;
  closeCode: number | null = null;
  private waiters: Array<() => void> = [];

  constructor(url: string, headers: Record<string, string> = {}, path = '/ws') {
    this.socket = new WebSocket(url.replace(/^http/, 'ws') + path, { headers });
    this.socket.on('message', (raw) => {
      this.messages.push(JSON.parse(Buffer.from(raw as Buffer).toString('utf8')) as LiveMessage);
      this.notify();
    });
    this.socket.on('close', (code) => {
      this.closeCode = code;
      this.notify();
    });
    this.socket.on('error', () => this.notify());
  }

  private notify(): void {
    this.waiters.forEach((w) => w());
  }

  opened(): Promise<void> {
    if (this.socket.readyState === WebSocket.OPEN) return Promise.resolve();
    return new Promise((resolve, reject) => {
      this.socket.once('open', () => resolve());
      this.socket.once('error', reject);
    });
  }

  send(message: unknown): void {
    this.socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  /** Resolves when the predicate holds, or rejects after `timeoutMs`. */
  until<T>(check: () => T | undefined | null | false, timeoutMs = 3000): Promise<T> {
    return new Promise((resolve, reject) => {
      const attempt = () => {
        const value = check();
        if (value) {
          cleanup();
          resolve(value);
        }
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`timed out; messages: ${JSON.stringify(this.messages)} close: ${this.closeCode}`));
      }, timeoutMs);
      const cleanup = () => {
        clearTimeout(timer);
        this.waiters = this.waiters.filter((w) => w !== attempt);
      };
      this.waiters.push(attempt);
      attempt();
    });
  }

  waitFor(type: string, timeoutMs?: number): Promise<LiveMessage> {
    return this.until(() => this.messages.find((m) => m.type === type), timeoutMs);
  }

  waitClosed(timeoutMs?: number): Promise<number> {
    return this.until(() => this.closeCode ?? false, timeoutMs);
  }

  /** Opens, authenticates and waits for auth_ok. */
  static async authed(url: string, token: string, userId?: number): Promise<TestSocket> {
    const s = new TestSocket(url);
    await s.opened();
    s.send({ type: 'auth', userId, token });
    await s.waitFor('auth_ok');
    return s;
  }

  close(): void {
    this.socket.terminate();
  }
}
