import { createHash, randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import type { FakeMode } from './fake-device';

export interface ObsRequest {
  requestType: string;
  requestData: Record<string, unknown> | undefined;
}

export interface FakeObs {
  url: string;
  mode: FakeMode;
  /** Set: Hello carries an authentication challenge and Identify must answer it. */
  password: string | null;
  /** Requests received after Identified, in order (each of a batch's too). */
  requests: ObsRequest[];
  /** RequestBatch messages received. */
  batches: number;
  /** Text of each input as set (SetInputSettings). */
  texts: Map<string, string>;
  /** `scene/source` → enabled. */
  items: Map<string, boolean>;
  /** Inputs that exist; SetInputSettings on another answers 600 (not found). Empty: any. */
  inputs: string[];
  /** Set: every batch fails at its first request with this comment (a hostile OBS sends megabytes: issue 37). */
  failComment: string | null;
  /** GetVersion's versions (a hostile OBS sends anything). */
  obsVersion: string;
  obsWebSocketVersion: string;
  /** Identify messages refused for a wrong password. */
  refusedLogins: number;
  identified: number;
  close(): Promise<void>;
}

const sha256b64 = (s: string) => createHash('sha256').update(s).digest('base64');

/**
 * An OBS Studio obs-websocket v5 server (issue 25) over real WebSocket with the JSON subprotocol:
 * Hello (op 0) with an authentication challenge and salt when a password is set, Identify (op 1)
 * checked with the real scheme base64(sha256(base64(sha256(password + salt)) + challenge)) — a
 * wrong one closes 4009 —, Identified (op 2), Request (op 6) → RequestResponse (op 7), RequestBatch
 * (op 8) → RequestBatchResponse (op 9), in order, stopped at a failure when haltOnFailure.
 * `batches` counts the batches; `requests` lists every request, batched or not.
 * `hang`: accepts and never says Hello; `drop`: identifies, then closes on the first request.
 */
export async function startFakeObs(password: string | null = null): Promise<FakeObs> {
  const wss = new WebSocketServer({
    port: 0,
    host: '127.0.0.1',
    handleProtocols: (protocols) => (protocols.has('obswebsocket.json') ? 'obswebsocket.json' : false),
  });
  await new Promise<void>((resolve) => wss.once('listening', resolve));
  const fake: FakeObs = {
    url: `ws://127.0.0.1:${(wss.address() as AddressInfo).port}`,
    mode: 'ok',
    password,
    requests: [],
    batches: 0,
    texts: new Map(),
    items: new Map(),
    inputs: [],
    failComment: null,
    obsVersion: '30.2.0',
    obsWebSocketVersion: '5.5.2',
    refusedLogins: 0,
    identified: 0,
    close: () =>
      new Promise((resolve) => {
        for (const c of wss.clients) c.terminate();
        wss.close(() => resolve());
      }),
  };
  wss.on('connection', (ws) => {
    ws.on('error', () => undefined);
    if (fake.mode === 'hang') return;
    const salt = randomBytes(16).toString('base64');
    const challenge = randomBytes(16).toString('base64');
    const auth = fake.password === null ? undefined : { challenge, salt };
    send(ws, 0, { obsWebSocketVersion: '5.5.2', rpcVersion: 1, authentication: auth });
    ws.on('message', (raw) => {
      const { op, d } = JSON.parse((raw as Buffer).toString('utf8')) as { op: number; d: Record<string, unknown> };
      if (fake.mode === 'hang') return;
      if (op === 1) return identify(ws, d, auth);
      if (op === 6) return request(ws, d);
      if (op === 8) return batch(ws, d);
    });
  });

  function identify(
    ws: WebSocket,
    d: Record<string, unknown>,
    auth: { challenge: string; salt: string } | undefined,
  ): void {
    if (auth && fake.password !== null) {
      const expected = sha256b64(sha256b64(fake.password + auth.salt) + auth.challenge);
      if (d.authentication !== expected) {
        fake.refusedLogins += 1;
        return ws.close(4009, 'Authentication failed.');
      }
    }
    fake.identified += 1;
    send(ws, 2, { negotiatedRpcVersion: 1 });
  }

  function request(ws: WebSocket, d: Record<string, unknown>): void {
    if (fake.mode === 'drop') return ws.terminate();
    send(ws, 7, { requestId: d.requestId, ...run(d) });
  }

  function batch(ws: WebSocket, d: Record<string, unknown>): void {
    if (fake.mode === 'drop') return ws.terminate();
    fake.batches += 1;
    const results: Result[] = [];
    for (const r of d.requests as Record<string, unknown>[]) {
      const result =
        fake.failComment === null
          ? { requestId: r.requestId, ...run(r) }
          : {
              requestId: r.requestId,
              requestType: String(r.requestType),
              requestStatus: { result: false, code: 700, comment: fake.failComment },
            };
      results.push(result);
      if (!result.requestStatus.result && d.haltOnFailure === true) break;
    }
    send(ws, 9, { requestId: d.requestId, results });
  }

  /** One request's answer (its type, status and data), applied to the fake's state. */
  function run(d: Record<string, unknown>): Result {
    const requestType = String(d.requestType);
    const data = d.requestData as Record<string, unknown> | undefined;
    fake.requests.push({ requestType, requestData: data });
    const reply = (responseData?: unknown, failure?: { code: number; comment: string }): Result => ({
      requestType,
      requestStatus: failure ? { result: false, ...failure } : { result: true, code: 100 },
      responseData,
    });
    switch (requestType) {
      case 'GetVersion':
        return reply({
          obsVersion: fake.obsVersion,
          obsWebSocketVersion: fake.obsWebSocketVersion,
          rpcVersion: 1,
          availableRequests: [],
          supportedImageFormats: [],
          platform: 'linux',
          platformDescription: 'fake',
        });
      case 'SetInputSettings': {
        const name = String(data?.inputName);
        if (fake.inputs.length && !fake.inputs.includes(name))
          return reply(undefined, { code: 600, comment: `No source was found by the name of \`${name}\`.` });
        fake.texts.set(name, String((data?.inputSettings as { text?: unknown } | undefined)?.text));
        return reply();
      }
      case 'GetSceneItemId':
        return reply({ sceneItemId: 7 });
      case 'SetSceneItemEnabled':
        fake.items.set(`${String(data?.sceneName)}/${String(data?.sceneItemId)}`, data?.sceneItemEnabled === true);
        return reply();
      default:
        return reply(undefined, { code: 204, comment: 'Unknown request type.' });
    }
  }
  return fake;
}

interface Result {
  requestType: string;
  requestStatus: { result: boolean; code: number; comment?: string };
  responseData?: unknown;
}

function send(ws: WebSocket, op: number, d: unknown): void {
  ws.send(JSON.stringify({ op, d }));
}
