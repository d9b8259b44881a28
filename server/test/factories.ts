import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { LoginResponse } from '../../shared/contracts/auth';
import type { User } from '../../shared/contracts/users';
import type { Role } from '../../shared/roles';
import { defaultCgOutputPath } from '../modules/cg-files/cg-folders';
import { ApiClient } from './api-client';
import { DEV_OWNER, type TestServer } from './test-server';

const unique = (prefix: string) => `${prefix}_${randomBytes(4).toString('hex')}`;

/** Logs in through the real endpoint and returns a client carrying the token. */
export async function login(
  server: TestServer,
  username: string,
  password: string,
): Promise<ApiClient & { user: User }> {
  const client = new ApiClient(server.url);
  const res = await client.post<LoginResponse>('/api/auth/login', { username, password });
  if (res.status !== 200) throw new Error(`login ${username} failed: ${res.status} ${JSON.stringify(res.body)}`);
  client.token = res.body.token;
  return Object.assign(client, { user: res.body.user });
}

/** The first company's dev owner (created by startTestServer). */
export function loginDevOwner(server: TestServer) {
  return login(server, DEV_OWNER.username, DEV_OWNER.password);
}

/** Creates a user with `role` in the creator's company and logs them in. */
export async function createUser(
  creator: ApiClient,
  server: TestServer,
  role: Role,
  overrides: Record<string, unknown> = {},
) {
  const password = 'password-' + randomBytes(4).toString('hex');
  const body = { username: unique(role), password, fullName: `Test ${role}`, role, ...overrides };
  const res = await creator.post<User>('/api/users', body);
  if (res.status !== 201) throw new Error(`create user failed: ${res.status} ${JSON.stringify(res.body)}`);
  const client = await login(server, body.username, password);
  return Object.assign(client, { password });
}

/** A second company (station) with its own owner, logged in. Needs a dev client. */
export async function createCompany(dev: ApiClient, server: TestServer, name = unique('Station')) {
  const ownerUsername = unique('owner');
  const ownerPassword = 'password-' + randomBytes(4).toString('hex');
  const res = await dev.post<{ company: { id: number } }>('/api/companies', {
    name,
    ownerUsername,
    ownerPassword,
    ownerFullName: `${name} Owner`,
  });
  if (res.status !== 201) throw new Error(`create company failed: ${res.status} ${JSON.stringify(res.body)}`);
  const owner = await login(server, ownerUsername, ownerPassword);
  return { companyId: res.body.company.id, owner, ownerPassword };
}

/**
 * A fresh station for one test: its owner, its own CG folder (where the server puts a later
 * station's files) and a reader of its `<type>.txt` (null while the file does not exist).
 */
export async function createStation(server: TestServer) {
  const dev = await loginDevOwner(server);
  const { owner, companyId } = await createCompany(dev, server);
  const folder = path.resolve(server.baseDir, defaultCgOutputPath(companyId, false));
  const readCg = (type: string): string | null => {
    const file = path.join(folder, `${type}.txt`);
    return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null;
  };
  return { dev, owner, companyId, folder, readCg };
}
