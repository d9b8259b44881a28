import { ApiClient } from '../server/test/api-client';
import { nowMs, summarize, type Summary } from './stats';

/**
 * docs/design-rules.md §7: a CG write while 8 logins arrive at the same moment (argon2 shares libuv's pool
 * with file writes). Each round fires 8 logins and 1 CG write together; the sample is the CG
 * write's round trip (POST until the response, i.e. file replaced and committed).
 */
export async function benchCgDuringLogins(
  api: ApiClient,
  rounds = 40,
): Promise<{ cg: Summary; quiet: Summary; loginMs: Summary }> {
  // Eight people logging in at once: eight accounts (one account's parallel logins share its 5-a-minute checks).
  const people = await loginAccounts(api, 8);
  const cg: number[] = [];
  const quiet: number[] = [];
  const logins: number[] = [];
  const clients = Array.from({ length: 8 }, () => new ApiClient(api.baseUrl));
  // The same spaced writes with no logins: on this VM a write after 100 ms idle is slower than
  // one in a back-to-back burst, so this is the fair baseline for the figure under load.
  for (let i = 0; i < rounds; i++) {
    const started = nowMs();
    await api.post('/api/cg-files/update-direct', { type: 'infoline', content: `Quiet ${i}` });
    quiet.push(nowMs() - started);
    await new Promise((r) => setTimeout(r, 100));
  }
  for (let i = 0; i < rounds; i++) {
    const burst = clients.map(async (client, k) => {
      const started = nowMs();
      const res = await client.post('/api/auth/login', { username: people[k], password: 'bench-password' });
      if (res.status !== 200) throw new Error(`login failed: ${res.status}`);
      logins.push(nowMs() - started);
    });
    const started = nowMs();
    const res = await api.post('/api/cg-files/update-direct', { type: 'infoline', content: `During logins ${i}` });
    if (res.status !== 200) throw new Error(`CG write failed: ${res.status}`);
    cg.push(nowMs() - started);
    await Promise.all(burst);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { cg: summarize(cg), quiet: summarize(quiet), loginMs: summarize(logins) };
}

async function loginAccounts(api: ApiClient, count: number): Promise<string[]> {
  const names: string[] = [];
  for (let i = 0; i < count; i++) {
    const username = `bench-login-${Date.now()}-${i}`;
    const res = await api.post('/api/users', {
      username,
      password: 'bench-password',
      fullName: `Login ${i}`,
      role: 'editor',
    });
    if (res.status !== 201) throw new Error(`create login account failed: ${res.status}`);
    names.push(username);
  }
  return names;
}
