import type { ApiClient } from '../server/test/api-client';
import type { CgUpdate } from './soak-clients';
import { nowMs } from './stats';

/**
 * The soak's steady load (issue 24), each an async loop on its own cadence until `until()` says
 * stop: one CG update a second (timed), news churn (create → edit → approve → delete) and
 * equipment loans (request → approve → return). A non-2xx answer is recorded as a failure.
 */
export interface LoadRecord {
  updates: CgUpdate[];
  /** CG write latency with the time (ms since the load started) it was sent. */
  cgMs: Array<{ at: number; ms: number }>;
  newsCycles: number;
  loans: number;
  failures: string[];
}

const sleepUntil = (t: number) => new Promise((r) => setTimeout(r, Math.max(0, t - nowMs())));

async function ok<T>(record: LoadRecord, what: string, call: Promise<{ status: number; body: T }>): Promise<T | null> {
  const res = await call;
  if (res.status >= 200 && res.status < 300) return res.body;
  record.failures.push(`${what}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
  return null;
}

/** One CG update a second on the headline, `soak <seq>`, on a fixed schedule (not after the previous). */
export async function cgLoop(api: ApiClient, record: LoadRecord, t0: number, until: () => boolean): Promise<void> {
  for (let seq = 1; !until(); seq += 1) {
    await sleepUntil(t0 + seq * 1000);
    if (until()) return;
    const sentAt = nowMs();
    const body = await ok(
      record,
      `CG update ${seq}`,
      api.post('/api/cg-files/update-direct', { type: 'headline', content: `soak ${seq}` }),
    );
    const ackedAt = nowMs();
    if (body === null) continue;
    record.updates.push({ seq, sentAt, ackedAt });
    record.cgMs.push({ at: sentAt - t0, ms: ackedAt - sentAt });
  }
}

/** An article's life every 2 s: created, edited, approved, deleted (to the recycle bin). */
export async function newsLoop(api: ApiClient, record: LoadRecord, until: () => boolean): Promise<void> {
  for (let n = 1; !until(); n += 1) {
    const next = nowMs() + 2000;
    const made = await ok<{ id: number }>(
      record,
      'news create',
      api.post('/api/news', { title: `Soak story ${n}`, content: `Soak body ${n}` }),
    );
    if (made) {
      await ok(record, 'news edit', api.put(`/api/news/${made.id}`, { title: `Soak story ${n} (edited)` }));
      await ok(record, 'news approve', api.post(`/api/news/${made.id}/approve`));
      if (await ok(record, 'news delete', api.delete(`/api/news/${made.id}`))) record.newsCycles += 1;
    }
    await sleepUntil(next);
  }
}

/** A loan every 3 s: the cameraman asks, the owner approves, the owner takes the unit back. */
export async function loansLoop(
  owner: ApiClient,
  cameraman: ApiClient,
  equipmentIds: number[],
  record: LoadRecord,
  until: () => boolean,
): Promise<void> {
  for (let n = 0; !until(); n += 1) {
    const next = nowMs() + 3000;
    const equipmentId = equipmentIds[n % equipmentIds.length]!;
    const made = await ok<{ id: number }>(
      record,
      'loan request',
      cameraman.post('/api/equipment-requests', { equipmentId, purpose: `Soak shoot ${n}` }),
    );
    if (made && (await ok(record, 'loan approve', owner.put(`/api/equipment-requests/${made.id}/approve`)))) {
      if (await ok(record, 'loan return', owner.put(`/api/equipment-requests/${made.id}/return`))) record.loans += 1;
    }
    await sleepUntil(next);
  }
}
