import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AsRunEntry, AsRunPage } from '../../../shared/contracts/as-run';
import { OVERLAY_WS_PATH, type OverlayOutput } from '../../../shared/contracts/overlay';
import { createStation, createUser } from '../../test/factories';
import { startFakeVmix } from '../../test/fake-vmix';
import { TestSocket } from '../../test/ws-client';
import { startTestServer, type TestServer } from '../../test/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

type Client = Awaited<ReturnType<typeof createStation>>['owner'];

/** Every row the filter gives, newest first, by following nextCursor to the end. */
async function allRows(client: Client, query = '', limit = 500): Promise<AsRunEntry[]> {
  const rows: AsRunEntry[] = [];
  let cursor: string | null = null;
  do {
    const res: { status: number; body: AsRunPage } = await client.get<AsRunPage>(
      `/api/as-run?limit=${limit}${query}${cursor ? `&before=${encodeURIComponent(cursor)}` : ''}`,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    rows.push(...res.body.entries);
    cursor = res.body.nextCursor;
  } while (cursor);
  return rows;
}

describe('as-run log', () => {
  it('a 1 000-update run leaves 1 000 × outputs rows, in seq order, with who, source and text', async () => {
    const { owner, companyId } = await createStation(server);
    for (let i = 0; i < 1000; i += 1) {
      const res = await owner.post('/api/cg-files/update-direct', { type: 'headline', content: `Headline ${i}` });
      expect(res.status).toBe(200);
    }
    await server.asRunRecorder.flush();
    const rows = (await allRows(owner)).reverse();
    // One output (files) in a test server: no overlay is connected.
    expect(rows).toHaveLength(1000);
    expect(rows.map((r) => r.text)).toEqual(Array.from({ length: 1000 }, (_, i) => `Headline ${i}`));
    for (let i = 1; i < rows.length; i += 1) expect(rows[i]!.seq).toBeGreaterThan(rows[i - 1]!.seq);
    expect(
      rows.every(
        (r) =>
          r.output === 'files' &&
          r.result === 'ok' &&
          r.source === 'web' &&
          r.type === 'headline' &&
          r.userId === owner.user.id,
      ),
    ).toBe(true);
    expect(rows[0]!.userName).toBe(owner.user.fullName);
    expect(rows[0]!.at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    // Company scoping: another station sees none of them.
    const other = await createStation(server);
    expect((await other.owner.get<AsRunPage>('/api/as-run')).body.entries).toEqual([]);
    expect(companyId).not.toBe(other.companyId);
  }, 120_000);

  it('with every kind of output on — files, a connected overlay, a vMix — 1 000 updates leave 1 000 rows per output, each in seq order', async () => {
    const { owner } = await createStation(server);
    const vmix = await startFakeVmix();
    const overlay = new TestSocket(server.url, {}, OVERLAY_WS_PATH);
    try {
      const made = await owner.post('/api/outputs', {
        kind: 'vmix',
        name: 'vMix studio',
        config: { url: vmix.url, input: 'Lower Third', mapping: [{ type: 'headline', field: 'Headline.Text' }] },
      });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      await overlay.opened();
      overlay.send({ type: 'overlay_auth', key: (await owner.get<OverlayOutput>('/api/outputs/overlay')).body.key });
      await overlay.waitFor('overlay_snapshot');
      for (let i = 0; i < 1000; i += 1)
        expect(
          (await owner.post('/api/cg-files/update-direct', { type: 'headline', content: `Headline ${i}` })).status,
        ).toBe(200);
      // The vMix lane sends the latest state; every change is still reported once when its send ends.
      await expect
        .poll(
          async () => (await server.asRunRecorder.flush(), (await allRows(owner, '&output=vMix%20studio')).length),
          { timeout: 20_000 },
        )
        .toBe(1000);
      const rows = (await allRows(owner)).reverse();
      expect(rows).toHaveLength(3000);
      for (const output of ['files', 'overlay', 'vMix studio']) {
        const mine = rows.filter((r) => r.output === output);
        expect(mine.map((r) => r.seq)).toEqual([...mine.map((r) => r.seq)].sort((x, y) => x - y));
        expect(new Set(mine.map((r) => r.seq)).size).toBe(1000);
      }
      // Sent, or folded into a later send that replaced its text (depth one, latest wins); the last one went out.
      const vmixRows = rows.filter((r) => r.output === 'vMix studio');
      for (const r of vmixRows)
        expect([r.result, r.message], JSON.stringify(r)).toEqual(
          r.result === 'ok'
            ? ['ok', null]
            : ['skipped', 'Replaced by a newer change before it was sent (the output was busy)'],
        );
      expect(vmixRows.at(-1)).toMatchObject({ text: 'Headline 999', result: 'ok' });
      await expect.poll(() => vmix.fields.get('Lower Third/Headline.Text')).toBe('Headline 999');
    } finally {
      overlay.close();
      await vmix.close();
    }
  }, 120_000);

  it('a change of two types is two rows with one seq; the filters narrow by type, user, source, output and time', async () => {
    const { owner } = await createStation(server);
    const editor = await createUser(owner, server, 'editor');
    await owner.post('/api/news', { title: 'Story', subtitle: 'Its sub', content: 'x' });
    await owner.post('/api/cg-files/update-direct', { type: 'headline', content: 'Top', subheadline: 'Under' });
    await editor.request(
      'POST',
      '/api/cg-files/update-direct',
      { type: 'infoline', content: 'From the phone' },
      { 'X-CGB-Source': 'phone' },
    );
    await editor.request(
      'POST',
      '/api/cg-files/update-direct',
      { type: 'infoline', content: 'Claims telegram' },
      { 'X-CGB-Source': 'telegram' },
    );
    await editor.request(
      'POST',
      '/api/cg-files/update-direct',
      { type: 'titlebar', content: 'From the prompter' },
      { 'X-CGB-Source': 'prompter' },
    );
    await server.asRunRecorder.flush();
    const rows = await allRows(owner);
    const pair = rows.filter((r) => r.text === 'Top' || r.text === 'Under');
    expect(pair.map((r) => r.type).sort()).toEqual(['headline', 'subheadline']);
    expect(pair[0]!.seq).toBe(pair[1]!.seq);
    expect(rows.find((r) => r.text === 'From the phone')?.source).toBe('phone');
    // A session cannot claim a source it is not: the header only labels web, phone and prompter.
    expect(rows.find((r) => r.text === 'Claims telegram')?.source).toBe('web');
    expect(rows.find((r) => r.text === 'From the prompter')?.source).toBe('prompter');

    expect((await allRows(owner, '&type=infoline')).map((r) => r.text)).toEqual(['Claims telegram', 'From the phone']);
    expect((await allRows(owner, `&userId=${editor.user.id}`)).map((r) => r.text)).toEqual([
      'From the prompter',
      'Claims telegram',
      'From the phone',
    ]);
    expect((await allRows(owner, '&source=phone')).map((r) => r.text)).toEqual(['From the phone']);
    expect(await allRows(owner, '&output=overlay')).toEqual([]);
    const phone = rows.find((r) => r.text === 'From the phone')!;
    const window = await allRows(
      owner,
      `&from=${encodeURIComponent(phone.at)}&to=${encodeURIComponent(new Date(Date.parse(phone.at) + 1).toISOString())}`,
    );
    expect(window.map((r) => r.text)).toContain('From the phone');
    expect(window.every((r) => r.at === phone.at)).toBe(true);
  });

  it('refuses bad filters with 400 naming them, and readers outside the on-air roles with 403', async () => {
    const { owner } = await createStation(server);
    for (const q of [
      'from=yesterday',
      'to=2026-13-01',
      'source=fax',
      'userId=abc',
      'limit=0',
      'limit=501',
      'before=12',
      'before=2026-11-27T00:00:00.000Z~x',
    ]) {
      const res = await owner.get<{ message: string }>(`/api/as-run?${q}`);
      expect(res.status, q).toBe(400);
      expect(res.body.message).toMatch(new RegExp(q.split('=')[0]!));
    }
    for (const role of ['cameraman', 'technical'] as const) {
      const user = await createUser(owner, server, role);
      expect((await user.get('/api/as-run')).status).toBe(403);
      expect((await user.get('/api/as-run/export.csv')).status).toBe(403);
    }
    for (const role of ['editor', 'mcr', 'admin'] as const)
      expect((await (await createUser(owner, server, role)).get('/api/as-run')).status).toBe(200);
  });

  it('the CSV export opens as text: no formula cell, UTF-8 with BOM, Thaana intact, same filters', async () => {
    const { owner } = await createStation(server);
    const texts = ['=HYPERLINK("http://evil.example","click")', '+1', '-2', '@x', 'ދިވެހި ޚަބަރު'];
    const types = ['headline', 'subheadline', 'infoline', 'titlebar', 'programbar'];
    for (const [i, content] of texts.entries())
      expect((await owner.post('/api/cg-files/update-direct', { type: types[i], content })).status).toBe(200);
    await server.asRunRecorder.flush();
    const res = await fetch(`${server.url}/api/as-run/export.csv`, {
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv; charset=utf-8/);
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="?as-run-\d{4}-\d\d-\d\d\.csv"?/);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes).slice(1);
    const parsed = Papa.parse<string[]>(text.trimEnd(), { newline: '\r\n' });
    expect(parsed.errors).toEqual([]);
    const [header, ...lines] = parsed.data;
    expect(header).toEqual([
      'time (UTC)',
      'seq',
      'user',
      'source',
      'action',
      'type',
      'text',
      'output',
      'result',
      'message',
    ]);
    expect(lines).toHaveLength(5);
    for (const cell of lines.flat()) expect(cell, cell).not.toMatch(/^[=+\-@\t\r]/);
    expect(lines.map((l) => l[6]).reverse()).toEqual([
      '\'=HYPERLINK("http://evil.example","click")',
      "'+1",
      "'-2",
      "'@x",
      'ދިވެހި ޚަބަރު',
    ]);
    const filtered = await fetch(`${server.url}/api/as-run/export.csv?type=infoline`, {
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect((await filtered.text()).trimEnd().split('\r\n')).toHaveLength(2);
  });

  it("a text of two lines starting with = is neutralised too (papaparse's own pattern stops at the newline)", async () => {
    const { owner } = await createStation(server);
    expect(
      (await owner.post('/api/cg-files/update-direct', { type: 'emergency', content: '=1+1\nsecond line' })).status,
    ).toBe(200);
    await server.asRunRecorder.flush();
    const res = await fetch(`${server.url}/api/as-run/export.csv`, {
      headers: { authorization: `Bearer ${owner.token}` },
    });
    const lines = Papa.parse<string[]>((await res.text()).slice(1).trimEnd(), { newline: '\r\n' }).data.slice(1);
    expect(lines[0]![6]).toBe("'=1+1\nsecond line");
  });

  it('keeps 90 days unless the station sets its own retention (owner/admin, 1–3 650 days)', async () => {
    const { owner } = await createStation(server);
    expect((await owner.get<{ asRunRetentionDays: number }>('/api/settings')).body.asRunRetentionDays).toBe(90);
    expect(
      (await owner.put<{ asRunRetentionDays: number }>('/api/settings', { asRunRetentionDays: 30 })).body
        .asRunRetentionDays,
    ).toBe(30);
    expect(await server.services.asRun.retentionDays(owner.user.companyId)).toBe(30);
    for (const bad of [0, 3651, 1.5, '30']) {
      const res = await owner.put<{ message: string }>('/api/settings', { asRunRetentionDays: bad });
      expect(res.status, String(bad)).toBe(400);
      expect(res.body.message).toMatch(/As-run retention/);
    }
    const editor = await createUser(owner, server, 'editor');
    expect((await editor.put('/api/settings', { asRunRetentionDays: 1 })).status).toBe(403);
    expect((await owner.get<{ asRunRetentionDays: number }>('/api/settings')).body.asRunRetentionDays).toBe(30);
  });
});
