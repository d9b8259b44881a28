import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityLog } from '../../../shared/contracts/activity-logs';
import type { ErrorBody } from '../../../shared/contracts/common';
import type { BulkUploadResult } from '../../../shared/contracts/equipment';
import { EQUIPMENT_LIMITS } from '../../../shared/constants';
import { parseEquipmentCsv } from '../../../shared/equipment-csv';
import { tablesOf } from '../../db/store';
import type { CompanyEvent } from '../../lib/event-bus';
import type { ApiClient } from '../../test/api-client';
import { createStation, createUser } from '../../test/factories';
import { onPostgres, startTestServer, type TestServer } from '../../test/test-server';
import { synchronousCommitOfPooledConnections } from '../../test/store-sql';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

type Answer = BulkUploadResult & ErrorBody;

const upload = (client: ApiClient, csvData: unknown) => client.post<Answer>('/api/equipment/bulk', { csvData });

/** The browser's path: CSV text through the shared parser, then the rows to the server. */
async function uploadCsv(client: ApiClient, csv: string) {
  const parsed = parseEquipmentCsv(csv);
  if (!parsed.ok) throw new Error(parsed.error);
  return upload(client, parsed.rows);
}

/** The station's rows as committed (the store's own reads). */
const stored = (companyId: number) =>
  server.services.equipmentBulk.ctx.store.read((q) => {
    const { equipment } = tablesOf(q);
    return q.select().from(equipment).where(eq(equipment.companyId, companyId));
  });

const rowsOf = (n: number, from = 0, prefix = 'GEN') =>
  Array.from({ length: n }, (_, i) => ({ name: `Item ${from + i}`, code: `${prefix}-${from + i}`, location: 'Store' }));

describe('POST /api/equipment/bulk', () => {
  it('imports rows with the CSV defaults and answers counts', async () => {
    const { owner, companyId } = await createStation(server);
    const res = await uploadCsv(
      owner,
      'name,code,location,quantity,status,category,condition\nTripod,TRP-1,Store,3,,,\nMonitor,MON-1,MCR,,maintenance,Video,fair\n',
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ results: { success: 2, failed: 0, errors: [] } });
    const rows = (await stored(companyId)).sort((a, b) => a.code.localeCompare(b.code));
    expect(rows.map((r) => [r.code, r.quantity, r.currentStock, r.status, r.category, r.condition])).toEqual([
      ['MON-1', 1, 1, 'maintenance', 'Video', 'fair'],
      ['TRP-1', 3, 3, 'available', 'General', 'good'],
    ]);
  });

  it('takes a BOM, quoted commas and newlines, blank lines and odd header case from a file', async () => {
    const { owner, companyId } = await createStation(server);
    const csv =
      '\uFEFFNAME,Code,LOCATION,Description\r\n\r\n"Light, LED",LGT-1,"Bay ""B""","two\nlines"\r\n   \r\nMixer,MIX-1,MCR,\r\n\r\n';
    const res = await uploadCsv(owner, csv);
    expect(res.body.results).toEqual({ success: 2, failed: 0, errors: [] });
    const light = (await stored(companyId)).find((r) => r.code === 'LGT-1');
    expect(light).toMatchObject({ name: 'Light, LED', location: 'Bay "B"', description: 'two\nlines' });
  });

  it('turns a quantity without a number into 1 and ignores unknown columns', async () => {
    const { owner, companyId } = await createStation(server);
    const res = await uploadCsv(owner, 'name,code,location,quantity,serial number\nA,Q-1,X,lots,SN1\nB,Q-2,X,,SN2\n');
    expect(res.body.results.success).toBe(2);
    expect((await stored(companyId)).map((r) => r.quantity)).toEqual([1, 1]);
  });

  it('reports quantities such as 1e308, -5, 0 and 4e0 per row instead of storing 1', async () => {
    const { owner, companyId } = await createStation(server);
    const res = await uploadCsv(
      owner,
      'name,code,location,quantity\nA,Q-1,X,1e308\nB,Q-2,X,-5\nC,Q-3,X,0\nD,Q-4,X,4e0\nE,Q-5,X,3\n',
    );
    expect(res.status).toBe(200);
    const bad = (shown: string) =>
      `Invalid quantity "${shown}": use a whole number from 1 to ${EQUIPMENT_LIMITS.quantity}`;
    expect(res.body.results).toEqual({
      success: 1,
      failed: 4,
      errors: [
        { row: 2, code: 'Q-1', error: bad('1e308') },
        { row: 3, code: 'Q-2', error: bad('-5') },
        { row: 4, code: 'Q-3', error: bad('0') },
        { row: 5, code: 'Q-4', error: bad('4e0') },
      ],
    });
    expect((await stored(companyId)).map((r) => [r.code, r.quantity])).toEqual([['Q-5', 3]]);
  });

  it('reports a NUL byte as the error of its row, with the line, and imports the other rows', async () => {
    const { owner, companyId } = await createStation(server);
    const body = JSON.stringify({
      csvData: [...rowsOf(1), { name: 'Bad\u0000name', code: 'NUL-1', location: 'X' }, ...rowsOf(1, 1)],
    });
    expect(body).toContain('\\u0000');
    const res = await owner.request<Answer>('POST', '/api/equipment/bulk', body);
    expect(res.status).toBe(200);
    expect(res.body.results).toEqual({
      success: 2,
      failed: 1,
      errors: [{ row: 3, code: 'NUL-1', error: 'Name must not contain NUL characters' }],
    });
    expect(await stored(companyId)).toHaveLength(2);
    // The browser's path: a NUL inside the file text arrives in a cell.
    const fromFile = await uploadCsv(owner, 'name,code,location\nOk,F-1,X\nMixer,F-2,MC\u0000R\n');
    expect(fromFile.body.results.errors).toEqual([
      { row: 3, code: 'F-2', error: 'Location must not contain NUL characters' },
    ]);
  });

  it('reports a missing required column on every row with its line number', async () => {
    const { owner, companyId } = await createStation(server);
    const res = await uploadCsv(owner, 'name,code\nA,M-1\nB,M-2\n');
    expect(res.status).toBe(200);
    expect(res.body.results).toEqual({
      success: 0,
      failed: 2,
      errors: [
        { row: 2, code: 'M-1', error: 'Missing required field: location' },
        { row: 3, code: 'M-2', error: 'Missing required field: location' },
      ],
    });
    expect(await stored(companyId)).toHaveLength(0);
  });

  it('reports duplicates inside the file and codes that already exist, and imports the rest', async () => {
    const { owner, companyId } = await createStation(server);
    await upload(owner, [{ name: 'Old', code: 'CAM-1', location: 'Store' }]);
    const res = await upload(owner, [
      { name: 'New cam', code: 'CAM-1', location: 'Store' },
      { name: 'Mic', code: 'MIC-1', location: 'Audio' },
      { name: 'Mic again', code: 'MIC-1', location: 'Audio' },
      { name: 'Bad status', code: 'BAD-1', location: 'X', status: 'stolen' },
    ]);
    expect(res.body.results.success).toBe(1);
    const errors = res.body.results.errors;
    expect(errors.slice(0, 2)).toEqual([
      { row: 2, code: 'CAM-1', error: 'Equipment code CAM-1 already exists' },
      { row: 4, code: 'MIC-1', error: 'Duplicate code in this file (first on row 3)' },
    ]);
    expect(errors.slice(2).map((e) => [e.row, e.code])).toEqual([[5, 'BAD-1']]);
    expect(errors[2]?.error).toMatch(/^Invalid status "stolen"/);
    expect((await stored(companyId)).map((r) => r.name).sort()).toEqual(['Mic', 'Old']);
  });

  it("does not clash with another company's codes", async () => {
    const a = await createStation(server);
    const b = await createStation(server);
    await upload(a.owner, rowsOf(3, 0, 'SHARED'));
    const res = await upload(b.owner, rowsOf(3, 0, 'SHARED'));
    expect(res.body.results).toEqual({ success: 3, failed: 0, errors: [] });
    expect(await stored(b.companyId)).toHaveLength(3);
    expect(await stored(a.companyId)).toHaveLength(3);
  });

  it('logs one activity entry and sends one live event per upload, across chunks', async () => {
    const { owner, companyId } = await createStation(server);
    const seen: CompanyEvent[] = [];
    const off = server.services.equipmentBulk.ctx.bus.subscribe((e) => {
      if (e.companyId === companyId && e.type.startsWith('equipment')) seen.push(e);
    });
    const res = await upload(owner, [...rowsOf(1200), { name: 'x' }]);
    off();
    expect(res.body.results).toMatchObject({ success: 1200, failed: 1 });
    expect(seen).toEqual([{ companyId, type: 'equipment_bulk_imported', data: { success: 1200, failed: 1 } }]);
    const log = await owner.get<ActivityLog[]>('/api/activity-logs');
    expect(log.body.filter((e) => e.action === 'equipment_bulk_uploaded').map((e) => e.details)).toEqual([
      'Bulk upload: 1200 added, 1 failed',
    ]);
  });

  it('leaves the connection at synchronous = FULL (slices commit with NORMAL, the answer waits for a FULL commit)', async () => {
    const { owner } = await createStation(server);
    expect((await upload(owner, rowsOf(2000))).body.results.success).toBe(2000);
    if (!onPostgres()) {
      // Read on the writing connection itself (the store's reads have a connection of their own).
      expect(server.services.equipmentBulk.ctx.sqlite!.sqlite.pragma('synchronous', { simple: true })).toBe(2);
    } else {
      // PostgreSQL: slices turn synchronous_commit off for their own transaction only.
      const pooled = await synchronousCommitOfPooledConnections(server.services.equipmentBulk.ctx.store);
      expect(pooled.settings).toEqual(['on']);
      expect(pooled.connections).toBeGreaterThan(1);
    }
  });

  it('two uploads racing with overlapping codes insert each code exactly once', async () => {
    const { owner, companyId } = await createStation(server);
    const [first, second] = await Promise.all([upload(owner, rowsOf(1500, 0)), upload(owner, rowsOf(1500, 750))]);
    const success = first.body.results.success + second.body.results.success;
    const failed = first.body.results.failed + second.body.results.failed;
    expect([success, failed]).toEqual([2250, 750]);
    const codes = (await stored(companyId)).map((r) => r.code);
    expect(codes).toHaveLength(2250);
    expect(new Set(codes).size).toBe(2250);
  });
});

describe('POST /api/equipment/bulk refuses', () => {
  it('callers outside equipment.manage, and anonymous callers', async () => {
    const { owner } = await createStation(server);
    const cameraman = await createUser(owner, server, 'cameraman');
    const technical = await createUser(owner, server, 'technical');
    expect((await upload(cameraman, rowsOf(1))).status).toBe(403);
    expect((await upload(technical, rowsOf(1))).status).toBe(200);
    owner.token = null;
    expect((await upload(owner, rowsOf(1))).status).toBe(401);
  });

  it(`more than ${EQUIPMENT_LIMITS.bulkRows} rows, and an empty list, with 400 and nothing stored`, async () => {
    const { owner, companyId } = await createStation(server);
    const big = await upload(owner, rowsOf(EQUIPMENT_LIMITS.bulkRows + 1));
    expect(big.status).toBe(400);
    expect(big.body.message).toBe(`csvData: At most ${EQUIPMENT_LIMITS.bulkRows} rows per upload`);
    const empty = await upload(owner, []);
    expect([empty.status, empty.body.message]).toEqual([400, 'csvData: No valid data found in CSV']);
    expect(await stored(companyId)).toHaveLength(0);
  });

  it('hostile shapes with 4xx JSON, never a 5xx', async () => {
    const { owner } = await createStation(server);
    // A NUL outside the rows (the envelope, the query) still refuses the whole request.
    const bodies: unknown[] = [
      'not json',
      '[]',
      '{"csvData": "a,b"}',
      '{"csvData": [null]}',
      '{"csvData": [[1,2]]}',
      '{"csvData": {"0": {}}}',
      '{"csvData": [{"name": "a"}], "companyId": "\\u0000"}',
    ];
    for (const body of bodies) {
      const res = await owner.request<ErrorBody>('POST', '/api/equipment/bulk', body);
      expect(res.status, String(body)).toBe(400);
      expect(typeof res.body.message).toBe('string');
    }
    const query = await owner.request<ErrorBody>(
      'POST',
      '/api/equipment/bulk?x=%00',
      JSON.stringify({ csvData: rowsOf(1) }),
    );
    expect([query.status, query.body.message]).toEqual([400, 'Text must not contain NUL characters']);
    const huge = await owner.request<ErrorBody>(
      'POST',
      '/api/equipment/bulk',
      JSON.stringify({ csvData: [{ description: 'x'.repeat(EQUIPMENT_LIMITS.bulkBodyBytes) }] }),
    );
    expect(huge.status).toBe(413);
  });

  it('rows whose values are not text as per-row errors', async () => {
    const { owner } = await createStation(server);
    const res = await upload(owner, [
      { name: { $ne: 1 }, code: 'H-1', location: 'X' },
      { name: 'ok', code: ['H-2'], location: 'X' },
      { name: 'ok', code: 'H-3', location: 'X', quantity: { n: 2 } },
      { name: 'ok', code: 'H-4', location: 'x'.repeat(EQUIPMENT_LIMITS.location + 1) },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.results.errors.map((e) => [e.row, e.error])).toEqual([
      [2, 'Name must be text'],
      [3, 'Code must be text'],
      [4, 'Quantity must be text'],
      [5, `Location must be at most ${EQUIPMENT_LIMITS.location} characters`],
    ]);
  });
});
