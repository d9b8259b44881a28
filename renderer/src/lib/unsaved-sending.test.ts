import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createSendTracker } from './unsaved-sending';

/** A mutation whose answer the test releases; returns that release. */
function startMutation(client: QueryClient): () => Promise<void> {
  let answer: () => void = () => {};
  const answered = new Promise<void>((resolve) => (answer = resolve));
  const done = client
    .getMutationCache()
    .build(client, { mutationFn: () => answered })
    .execute(undefined);
  return async () => {
    answer();
    await done;
  };
}

describe('createSendTracker', () => {
  it('is sending from a submit until the request it started is answered', async () => {
    const client = new QueryClient();
    const sends = createSendTracker(client);
    expect(sends.sending()).toBe(false);
    sends.submitted();
    const answer = startMutation(client);
    expect(sends.sending()).toBe(true);
    await answer();
    expect(sends.sending()).toBe(false);
  });

  it('does not count a request that was already running before the submit, nor one without a submit', async () => {
    const client = new QueryClient();
    const sends = createSendTracker(client);
    const answerEarlier = startMutation(client);
    expect(sends.sending()).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 2));
    sends.submitted();
    expect(sends.sending()).toBe(false);
    await answerEarlier();
  });

  it('forgets the submit when the dialog closes', async () => {
    const client = new QueryClient();
    const sends = createSendTracker(client);
    sends.submitted();
    const answer = startMutation(client);
    sends.reset();
    expect(sends.sending()).toBe(false);
    await answer();
  });
});
