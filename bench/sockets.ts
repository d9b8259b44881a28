import WebSocket from 'ws';

export interface Listener {
  socket: WebSocket;
  /** Resolves when a message of `type` whose data satisfies `match` arrives. */
  next(type: string, match: (data: unknown) => boolean): Promise<void>;
}

/** Opens `count` authenticated live connections, like that many browsers on the LAN. */
export async function openListeners(url: string, token: string, count: number): Promise<Listener[]> {
  const listeners: Listener[] = [];
  for (let i = 0; i < count; i++) listeners.push(await openOne(url, token));
  return listeners;
}

async function openOne(url: string, token: string): Promise<Listener> {
  const socket = new WebSocket(url.replace(/^http/, 'ws') + '/ws');
  let waiter: { type: string; match: (d: unknown) => boolean; resolve: () => void } | null = null;
  socket.on('message', (raw: Buffer) => {
    if (!waiter) return;
    // Parse only candidates, as a browser only reacts to its own messages; keeps the bench client cheap.
    if (!raw.includes(waiter.type)) return;
    const msg = JSON.parse(raw.toString('utf8')) as { type: string; data: unknown };
    if (msg.type === waiter.type && waiter.match(msg.data)) {
      const done = waiter.resolve;
      waiter = null;
      done();
    }
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  const listener: Listener = {
    socket,
    next: (type, match) => new Promise<void>((resolve) => (waiter = { type, match, resolve })),
  };
  const authed = listener.next('auth_ok', () => true);
  socket.send(JSON.stringify({ type: 'auth', token }));
  await authed;
  return listener;
}
