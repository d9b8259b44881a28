import WebSocket from 'ws';
import type { ApiClient } from '../server/test/api-client';

/**
 * The soak's prompter (issue 24): one operator screen sending its reading position four times a
 * second and three follower screens that must get every one (server/live/prompter-relay.ts).
 * The sockets stay up through the reconnect storms (those are the 300 browsers').
 */
const EVERY_MS = 250;

async function open(url: string, token: string, onMessage: (raw: Buffer) => void): Promise<WebSocket> {
  const ws = new WebSocket(url.replace(/^http/, 'ws') + '/ws');
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const authed = new Promise<void>((resolve, reject) => {
    ws.on('message', (raw: Buffer) => (raw.includes('"auth_ok"') ? resolve() : onMessage(raw)));
    ws.once('close', (code) => reject(new Error(`prompter socket closed before auth_ok: ${code}`)));
  });
  ws.send(JSON.stringify({ type: 'auth', token }));
  await authed;
  return ws;
}

export interface PrompterLoad {
  /** Stops sending; resolves with positions sent and, per follower, how many it missed. */
  stop(): Promise<{ sent: number; lost: number[]; errors: string[] }>;
}

export async function startPrompter(api: ApiClient): Promise<PrompterLoad> {
  const created = await api.post<{ id: number }>('/api/prompters', { name: `Soak prompter ${Date.now()}` });
  if (created.status !== 201)
    throw new Error(`create prompter failed: ${created.status} ${JSON.stringify(created.body)}`);
  const prompterId = created.body.id;
  const token = api.token ?? '';
  const errors: string[] = [];
  const got = [new Set<number>(), new Set<number>(), new Set<number>()];
  const followers = await Promise.all(
    got.map((set) =>
      open(api.baseUrl, token, (raw) => {
        if (!raw.includes('"prompter_position"')) return;
        const msg = JSON.parse(raw.toString('utf8')) as { data: { prompterId: number; position: number } };
        if (msg.data.prompterId === prompterId) set.add(msg.data.position);
      }),
    ),
  );
  const operator = await open(api.baseUrl, token, (raw) => {
    if (raw.includes('"prompter_error"')) errors.push(raw.toString('utf8'));
  });
  for (const ws of [...followers, operator])
    ws.on('close', (code) => errors.push(`a prompter socket was closed by the server: ${code}`));
  let sent = 0;
  const timer = setInterval(() => {
    sent += 1;
    operator.send(
      JSON.stringify({
        type: 'prompter_position',
        data: { prompterId, position: sent, sectionIndex: sent % 40, speed: 30, playing: true },
      }),
    );
  }, EVERY_MS);
  return {
    async stop() {
      clearInterval(timer);
      await new Promise((r) => setTimeout(r, 500)); // the last positions on their way
      const lost = got.map((set) => sent - set.size);
      for (const ws of [...followers, operator]) {
        ws.removeAllListeners('close');
        ws.terminate();
      }
      await api.delete(`/api/prompters/${prompterId}`);
      return { sent, lost, errors };
    },
  };
}
