import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { OutputState, OutputStatusEntry } from '@shared/contracts/outputs';
import { outputStatusesQueryKey, outputsQueryKey } from '@/lib/api/outputs/outputs';
import { applyOutputStatus } from './apply-output-status';

const at = '2026-11-29T09:00:00.000Z';
const entry = (id: number, state: OutputState): OutputStatusEntry => ({
  id,
  name: `vMix ${id}`,
  kind: 'vmix',
  status: { state, message: null, lastOkAt: null, at, failingSince: null },
});

/**
 * A server whose list reads answer only when the test says so: each read takes the outputs as they
 * were when it arrived, the way a GET answered just before a status change does.
 */
function slowServer(initial: OutputStatusEntry[]) {
  let outputs = initial;
  const waiting: Array<() => void> = [];
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const observe = (queryKey: readonly string[]) =>
    new QueryObserver<OutputStatusEntry[]>(client, {
      queryKey,
      queryFn: () => {
        const answer = outputs.map((o) => ({ ...o }));
        return new Promise((resolve) => waiting.push(() => resolve(answer)));
      },
    }).subscribe(() => {});
  return {
    client,
    observe,
    set: (next: OutputStatusEntry[]) => (outputs = next),
    answerAll: async () => {
      while (waiting.length || client.isFetching()) {
        waiting.splice(0).forEach((answer) => answer());
        await new Promise((r) => setTimeout(r, 0));
      }
    },
  };
}

const stateIn = (client: QueryClient, key: readonly string[], id: number) =>
  client.getQueryData<OutputStatusEntry[]>(key)?.find((o) => o.id === id)?.status.state;

describe('an output status from the live channel (issue 25: the screen is the truth)', () => {
  it('is applied to both lists at once when they hold the output and no read is in flight', async () => {
    const server = slowServer([entry(1, 'connecting')]);
    const offs = [server.observe([...outputsQueryKey]), server.observe([...outputStatusesQueryKey])];
    await server.answerAll();
    applyOutputStatus(server.client, entry(1, 'connected'));
    expect(stateIn(server.client, outputsQueryKey, 1)).toBe('connected');
    expect(stateIn(server.client, outputStatusesQueryKey, 1)).toBe('connected');
    expect(server.client.isFetching()).toBe(0);
    offs.forEach((off) => off());
  });

  it('is not lost when a read answered before it lands after it: the output added a moment ago shows Connected', async () => {
    const server = slowServer([]);
    const offs = [server.observe([...outputsQueryKey]), server.observe([...outputStatusesQueryKey])];
    await server.answerAll();
    // The output is added: the page reads both lists again, and the server answers "connecting".
    server.set([entry(7, 'connecting')]);
    void server.client.invalidateQueries({ queryKey: outputsQueryKey, exact: true });
    void server.client.invalidateQueries({ queryKey: outputStatusesQueryKey, exact: true });
    // Before those answers arrive, the output connects and its status comes over the live channel.
    server.set([entry(7, 'connected')]);
    applyOutputStatus(server.client, entry(7, 'connected'));
    await server.answerAll();
    expect(stateIn(server.client, outputsQueryKey, 7)).toBe('connected');
    expect(stateIn(server.client, outputStatusesQueryKey, 7)).toBe('connected');
    offs.forEach((off) => off());
  });

  it('reads a list again that does not hold the output yet, even with no read in flight', async () => {
    const server = slowServer([]);
    const off = server.observe([...outputsQueryKey]);
    await server.answerAll();
    server.set([entry(9, 'connected')]);
    applyOutputStatus(server.client, entry(9, 'connected'));
    await server.answerAll();
    expect(stateIn(server.client, outputsQueryKey, 9)).toBe('connected');
    off();
  });
});
