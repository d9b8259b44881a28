import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { neutraliseCell } from '../../shared/csv-cells';
import { createStation } from '../test/factories';
import { createEquipment } from '../test/equipment-factory';
import { startTestServer, type TestServer } from '../test/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** Cells a spreadsheet splits at a `;`, a `,` or a tab inside them when it reads the file in its own locale. */
const HOSTILE = ['Budget;=1+1;x', 'Kit,+cmd', 'Desk\t@SUM(A1)', 'Two lines\n-2+3'];
/** The list separators a spreadsheet may read a CSV with (Excel uses the locale's). */
const DELIMITERS = [',', ';', '\t'];

/** The export's text, byte-order mark dropped, read with `delimiter`: every cell. */
function cellsAs(csv: string, delimiter: string): string[] {
  return Papa.parse<string[]>(csv.replace(/^\uFEFF/, ''), { delimiter, newline: '\r\n' }).data.flat();
}

function expectNoFormulaCell(csv: string): void {
  for (const delimiter of DELIMITERS) {
    for (const cell of cellsAs(csv, delimiter))
      expect(cell, `read with ${JSON.stringify(delimiter)}: ${JSON.stringify(cell)}`).not.toMatch(/^"*[=+\-@\t\r]/);
  }
}

describe('CSV exports neutralise a formula after an inner separator (issue 37 #9)', () => {
  it('the equipment export: read with , ; or tab, no cell of any row starts a formula', async () => {
    const { owner } = await createStation(server);
    for (const [i, name] of HOSTILE.entries()) await createEquipment(owner, { name, code: `INJ-${i}` });
    const res = await owner.get<string>('/api/equipment/export.csv');
    expect(res.status).toBe(200);
    expect(res.body).toContain(`"Budget;'=1+1;x"`);
    expectNoFormulaCell(res.body);
    const names = Papa.parse<Record<string, string>>(res.body, { header: true, skipEmptyLines: true }).data.map(
      (r) => r.name,
    );
    expect(names).toEqual(HOSTILE.map(neutraliseCell));
  });

  it('the as-run export: the same for on-air text', async () => {
    const { owner } = await createStation(server);
    // CG text refuses tabs (and line breaks but in emergency): the same attacks without them.
    const texts = ['Budget;=1+1;x', 'Kit,+cmd', 'Desk;@SUM(A1)', 'Two lines\n-2+3'];
    const types = ['headline', 'subheadline', 'infoline', 'emergency'];
    for (const [i, content] of texts.entries()) {
      const res = await owner.post('/api/cg-files/update-direct', { type: types[i], content });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    await server.asRunRecorder.flush();
    const res = await owner.get<string>('/api/as-run/export.csv');
    expect(res.status).toBe(200);
    expect(res.body).toContain(`"Budget;'=1+1;x"`);
    expectNoFormulaCell(res.body);
    const written = Papa.parse<string[]>(res.body.replace(/^\uFEFF/, '').trimEnd(), { newline: '\r\n' })
      .data.slice(1)
      .map((l) => l[6]);
    expect(written.reverse()).toEqual(texts.map(neutraliseCell));
  });
});
