import { randomBytes } from 'node:crypto';
import type { Equipment, EquipmentRequest } from '../../shared/contracts/equipment';
import type { ApiClient } from './api-client';
import { createCompany, createUser, loginDevOwner } from './factories';
import type { TestServer } from './test-server';

/** Test data for the equipment tests, made through the real API. */
export async function createEquipment(client: ApiClient, overrides: Record<string, unknown> = {}): Promise<Equipment> {
  const body = { name: 'Camera', code: `CAM-${randomBytes(3).toString('hex')}`, location: 'Store', ...overrides };
  const res = await client.post<Equipment>('/api/equipment', body);
  if (res.status !== 201) throw new Error(`create equipment failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

export async function requestEquipment(
  client: ApiClient,
  equipmentId: number,
  overrides: Record<string, unknown> = {},
): Promise<EquipmentRequest> {
  const res = await client.post<EquipmentRequest>('/api/equipment-requests', {
    equipmentId,
    purpose: 'Field shoot',
    ...overrides,
  });
  if (res.status !== 201) throw new Error(`request failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** A request moved to approved by `approver`. */
export async function approvedRequest(
  requester: ApiClient,
  approver: ApiClient,
  equipmentId: number,
): Promise<EquipmentRequest> {
  const made = await requestEquipment(requester, equipmentId);
  const res = await approver.put<EquipmentRequest>(`/api/equipment-requests/${made.id}/approve`);
  if (res.status !== 200) throw new Error(`approve failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** A fresh station with an owner and one user of each role the tests need. */
export async function equipmentStation(server: TestServer) {
  const dev = await loginDevOwner(server);
  const { owner, companyId } = await createCompany(dev, server);
  const [admin, technical, editor, cameraman] = await Promise.all([
    createUser(owner, server, 'admin'),
    createUser(owner, server, 'technical'),
    createUser(owner, server, 'editor'),
    createUser(owner, server, 'cameraman'),
  ]);
  return { dev, owner, companyId, admin, technical, editor, cameraman };
}
