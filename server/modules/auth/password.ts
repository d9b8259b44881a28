import argon2 from 'argon2';

/**
 * argon2id at OWASP's minimum (m = 19 MiB, t = 2, p = 1): ~11 ms here. scrypt at a comparable
 * cost took 400 ms and starved the libuv pool that CG file writes share (DESIGN.md §4).
 */
const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, OPTIONS);
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
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
