import argon2 from 'argon2';
import { Semaphore } from '../../lib/semaphore';

/**
 * argon2id at OWASP's minimum (m = 19 MiB, t = 2, p = 1): ~11 ms here. scrypt at a comparable
 * cost took 400 ms and starved the libuv pool that CG file writes share (docs/design-rules.md §4).
 */
const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * One hash at a time. argon2 runs on libuv's thread pool, which CG file writes share: 8 logins
 * in a row held all 4 threads and delayed a CG write to 378 ms (`npm run bench`). With one at a
 * time, three threads stay free for file writes and one core for the event loop; logins queue
 * (~11 ms each), which a newsroom never notices.
 */
const gate = new Semaphore(1);

export function hashPassword(password: string): Promise<string> {
  return gate.run(() => argon2.hash(password, OPTIONS));
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await gate.run(() => argon2.verify(hash, password));
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | null = null;

/** Spends the same work as a real check so unknown usernames cannot be told apart by timing. */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword('not-a-real-password-000');
  await verifyPassword(await dummyHash, password);
}
