import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROMPTER_POSITION_PER_SECOND } from '../../shared/constants';
import type { Prompter } from '../../shared/contracts/prompters';
import { createCompany, createUser, loginDevOwner } from '../test/factories';
import { startTestServer, type TestServer } from '../test/test-server';
import { TestSocket } from '../test/ws-client';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const CLOSE_POLICY = 1008;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Company A with a prompter, an operator socket and a follower socket; company B with one socket. */
async function stations() {
  const dev = await loginDevOwner(server);
  const prompter = (await dev.post<Prompter>('/api/prompters', { name: 'Follow me' })).body;
  const cam = await createUser(dev, server, 'cameraman');
  const { owner: b } = await createCompany(dev, server);
  const bPrompter = (await b.post<Prompter>('/api/prompters', { name: 'B prompter' })).body;
  const operator = await TestSocket.authed(server.url, dev.token!, dev.user.id);
  const follower = await TestSocket.authed(server.url, cam.token!, cam.user.id);
  const other = await TestSocket.authed(server.url, b.token!, b.user.id);
  const close = () => [operator, follower, other].forEach((s) => s.close());
  return { dev, cam, prompter, bPrompter, operator, follower, other, close };
}

const of = (s: TestSocket, type: string) => s.messages.filter((m) => m.type === type);

describe('follower screens over /ws', () => {
  // The 100 ms target is a latency figure for the benchmark; here: delivered (1 s bound), and only there.
  it('relays a reading position to the company, and to no other company', async () => {
    const { dev, prompter, operator, follower, other, close } = await stations();
    const position = { prompterId: prompter.id, position: 1234.5, sectionIndex: 2, speed: 110, playing: true };
    operator.send({ type: 'prompter_position', data: position });
    const got = await follower.waitFor('prompter_position', 1000);
    expect(got.data).toEqual({ ...position, from: { userId: dev.user.id, fullName: dev.user.fullName } });
    await operator.waitFor('prompter_position'); // the sender hears its own echo (same room)
    await sleep(50);
    expect(of(other, 'prompter_position')).toEqual([]);
    close();
  });

  it('relays remote commands (a phone as remote) to the operator’s screen', async () => {
    const { cam, prompter, operator, follower, other, close } = await stations();
    for (const command of ['play', 'pause', 'speed_up', 'speed_down', 'next', 'previous']) {
      follower.send({ type: 'prompter_command', data: { prompterId: prompter.id, command } });
    }
    const commands = await operator.until(() => {
      const list = of(operator, 'prompter_command');
      return list.length === 6 && list;
    });
    expect(commands.map((m) => (m.data as { command: string }).command)).toEqual([
      'play',
      'pause',
      'speed_up',
      'speed_down',
      'next',
      'previous',
    ]);
    expect(commands[0]!.data).toEqual({ prompterId: prompter.id, command: 'play', from: { userId: cam.user.id } });
    await sleep(50);
    expect(of(other, 'prompter_command')).toEqual([]);
    close();
  });

  it('refuses another company’s prompter (prompter_error to the sender, nothing relayed) and ignores bad messages', async () => {
    const { prompter, bPrompter, operator, follower, other, close } = await stations();
    operator.send({
      type: 'prompter_position',
      data: { prompterId: bPrompter.id, position: 0, sectionIndex: 0, speed: 100, playing: false },
    });
    expect((await operator.waitFor('prompter_error')).data).toEqual({
      prompterId: bPrompter.id,
      message: 'Prompter not found',
    });
    operator.send({
      type: 'prompter_position',
      data: { prompterId: prompter.id, position: -1, sectionIndex: 0, speed: 100, playing: false },
    });
    operator.send({
      type: 'prompter_position',
      data: { prompterId: String(prompter.id), position: 0, sectionIndex: 0, speed: 100, playing: false },
    });
    operator.send({ type: 'prompter_command', data: { prompterId: prompter.id, command: 'rm -rf' } });
    operator.send({ type: 'prompter_command', data: { prompterId: bPrompter.id, command: 'play' } });
    await operator.until(() => of(operator, 'prompter_error').length === 2);
    await sleep(100);
    expect(of(follower, 'prompter_position')).toEqual([]);
    expect(of(follower, 'prompter_command')).toEqual([]);
    expect(of(other, 'prompter_position')).toEqual([]);
    expect(of(other, 'prompter_command')).toEqual([]);
    expect(operator.closeCode).toBeNull();
    close();
  });

  it('stops relaying a deleted prompter', async () => {
    const { dev, prompter, operator, follower, close } = await stations();
    const msg = {
      type: 'prompter_position',
      data: { prompterId: prompter.id, position: 10, sectionIndex: 0, speed: 100, playing: true },
    };
    operator.send(msg);
    await follower.waitFor('prompter_position');
    await dev.delete(`/api/prompters/${prompter.id}`);
    await follower.waitFor('prompter_deleted');
    operator.send(msg);
    await operator.waitFor('prompter_error');
    expect(of(follower, 'prompter_position')).toHaveLength(1);
    close();
  });

  it('rate-limits positions per socket; a sustained flood closes the socket (1008)', async () => {
    const { prompter, operator, follower, close } = await stations();
    const msg = (i: number) => ({
      type: 'prompter_position',
      data: { prompterId: prompter.id, position: i, sectionIndex: 0, speed: 100, playing: true },
    });
    for (let i = 0; i < 30; i++) operator.send(msg(i));
    await follower.until(() => of(follower, 'prompter_position').length >= PROMPTER_POSITION_PER_SECOND);
    await sleep(100);
    const relayed = of(follower, 'prompter_position').length;
    expect(relayed).toBeGreaterThanOrEqual(PROMPTER_POSITION_PER_SECOND);
    expect(relayed).toBeLessThan(30);
    expect(operator.closeCode).toBeNull();
    // 10 a second (what an operator's screen sends) all get through once the bucket refilled.
    await sleep(1100);
    const before = of(follower, 'prompter_position').length;
    for (let i = 0; i < 10; i++) {
      operator.send(msg(100 + i));
      await sleep(100);
    }
    await follower.until(() => of(follower, 'prompter_position').length === before + 10);
    for (let i = 0; i < 200; i++) operator.send(msg(i));
    expect(await operator.waitClosed(2000)).toBe(CLOSE_POLICY);
    close();
  });

  // Issue 38, point 5: a follower or remote that joins after the operator moved (a paused operator
  // sends nothing more) used to wait for ever at section 1; the server now keeps the last place.
  describe('late joiners (issue 38)', () => {
    const at = (prompterId: number, sectionIndex: number, playing = false) => ({
      prompterId,
      position: 500 + sectionIndex,
      sectionIndex,
      speed: 120,
      playing,
    });
    const snapshotOf = async (s: TestSocket) =>
      ((await s.waitFor('prompter_snapshot')).data as { positions: Array<{ prompterId: number }> }).positions;
    /** Nothing read now: no snapshot at all (a pong after auth proves nothing else came first). */
    const noSnapshot = async (s: TestSocket) => {
      s.send({ type: 'ping' });
      await s.waitFor('pong');
      expect(of(s, 'prompter_snapshot')).toEqual([]);
    };

    it('a socket that joins late gets the operator’s last position and who reads it, right after auth_ok', async () => {
      const { dev, cam, prompter, bPrompter, operator, other, close } = await stations();
      operator.send({ type: 'prompter_position', data: at(prompter.id, 2, true) });
      operator.send({ type: 'prompter_position', data: at(prompter.id, 4) }); // then paused on section 5
      await operator.until(() => of(operator, 'prompter_position').length === 2);
      other.send({ type: 'prompter_position', data: at(bPrompter.id, 1) });
      await other.waitFor('prompter_position');

      const late = await TestSocket.authed(server.url, cam.token!, cam.user.id);
      expect(await snapshotOf(late)).toEqual([
        { ...at(prompter.id, 4), from: { userId: dev.user.id, fullName: dev.user.fullName } },
      ]);
      expect(late.messages.map((m) => m.type).slice(0, 2)).toEqual(['auth_ok', 'prompter_snapshot']);
      late.close();
      close();
    });

    it('when the operator’s screen closes, the company hears that nobody reads it, and a later joiner gets nothing stale', async () => {
      const { cam, prompter, operator, follower, close } = await stations();
      operator.send({ type: 'prompter_position', data: at(prompter.id, 3) });
      await follower.waitFor('prompter_position');
      operator.close();
      expect((await follower.waitFor('prompter_reader_left')).data).toEqual({ prompterId: prompter.id });
      const late = await TestSocket.authed(server.url, cam.token!, cam.user.id);
      await noSnapshot(late);
      late.close();
      close();
    });

    it('two screens read one prompter: when the newest closes, the other’s place is sent; a deleted prompter is forgotten', async () => {
      const { dev, cam, prompter, operator, follower, close } = await stations();
      const second = await TestSocket.authed(server.url, cam.token!, cam.user.id);
      operator.send({ type: 'prompter_position', data: at(prompter.id, 1) });
      await follower.until(() => of(follower, 'prompter_position').length === 1);
      second.send({ type: 'prompter_position', data: at(prompter.id, 6) });
      await follower.until(() => of(follower, 'prompter_position').length === 2);
      second.close();
      const back = await follower.until(
        () => of(follower, 'prompter_position').length === 3 && of(follower, 'prompter_position')[2],
      );
      expect(back.data).toMatchObject({ sectionIndex: 1, from: { userId: dev.user.id } });
      expect(of(follower, 'prompter_reader_left')).toEqual([]);

      await dev.delete(`/api/prompters/${prompter.id}`);
      await follower.waitFor('prompter_deleted');
      const late = await TestSocket.authed(server.url, cam.token!, cam.user.id);
      await noSnapshot(late);
      late.close();
      close();
    });
  });
});
