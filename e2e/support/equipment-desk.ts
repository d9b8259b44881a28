import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import type { Equipment } from '../../shared/contracts/equipment';
import type { ApiClient } from '../../server/test/api-client';
import type { AppFixture } from './app-fixture';
import { login } from './pages';

/** A fresh browser signed in as the user, on `path` (the Equipment page unless said). */
export async function openAs(
  app: AppFixture,
  username: string,
  password: string,
  path = '/equipment',
  viewport?: { width: number; height: number },
): Promise<Page> {
  const page = await app.newPage(viewport);
  await login(page, username, password);
  await page.goto(path);
  return page;
}

/** An item in the station's catalogue, through the API (the tests are about what comes after). */
export async function addItem(owner: ApiClient, body: Record<string, unknown>): Promise<Equipment> {
  const res = await owner.post<Equipment>('/api/equipment', { location: 'Camera Store Room', ...body });
  expect(res.status).toBe(201);
  return res.body;
}
