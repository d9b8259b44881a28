import { ApiClient } from '../server/test/api-client';
import { nowMs, summarize, type Summary } from './stats';

/**
 * DESIGN.md §7: a CG write while 8 logins arrive at the same moment (argon2 shares libuv's pool
 * with file writes). Each round fires 8 logins and 1 CG write together; the sample is the CG
 * write's round trip (POST until the response, i.e. file replaced and committed).
 */
export async function benchCgDuringLogins(
  api: ApiClient,
  rounds = 40,
): Promise<{ cg: Summary; quiet: Summary; loginMs: Summary }> {
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
    const burst = clients.map(async (client) => {
      const started = nowMs();
      const res = await client.post('/api/auth/login', { username: 'owner', password: 'owner-password' });
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
