import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Settings, TelegramGroups, UpdateSettingsResponse } from '../../../shared/contracts/settings';
import { DEFAULT_TELEGRAM_GROUPS } from '../../../shared/contracts/settings';
import { ApiClient } from '../../test/api-client';
import { createStation, createUser } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/test-server';
import { TestSocket } from '../../test/ws-client';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

type Err = { message: string };

describe('GET/PUT /api/settings', () => {
  it('answers the spec’s defaults; secrets only as set / not set', async () => {
    const { owner, folder } = await createStation(server);
    const res = await owner.get<Settings>('/api/settings');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      cgOutputFolder: folder,
      telegramBotTokenSet: false,
      authTokenSet: false,
      branding: { primaryColor: '#3b82f6', secondaryColor: '#64748b' },
      telegramGroups: DEFAULT_TELEGRAM_GROUPS,
    });
    expect(res.body.telegramGroups.reminderInterval).toBe(240);
  });

  it('is owner/admin only; everyone signed in reads the branding', async () => {
    const { owner } = await createStation(server);
    const admin = await createUser(owner, server, 'admin');
    expect((await admin.get('/api/settings')).status).toBe(200);
    for (const role of ['editor', 'mcr', 'cameraman', 'technical'] as const) {
      const u = await createUser(owner, server, role);
      expect((await u.get('/api/settings')).status).toBe(403);
      expect((await u.put('/api/settings', { branding: { primaryColor: '#22c55e' } })).status).toBe(403);
      expect((await u.get('/api/company/telegram-settings')).status).toBe(403);
      expect((await u.get('/api/settings/branding')).body).toEqual({
        primaryColor: '#3b82f6',
        secondaryColor: '#64748b',
      });
    }
    expect((await new ApiClient(server.url).get('/api/settings/branding')).status).toBe(401);
  });

  it('a partial PUT changes only the fields it names', async () => {
    const { owner } = await createStation(server);
    await owner.put('/api/settings', {
      branding: { secondaryColor: '#94a3b8' },
      telegramGroups: { primaryGroupId: '-100123', breakingNewsTopicId: '7' },
    });
    const res = await owner.put<UpdateSettingsResponse>('/api/settings', {
      branding: { primaryColor: '#22C55E' },
      telegramGroups: { enableOverdueAlerts: false },
    });
    expect(res.status).toBe(200);
    expect(res.body.branding).toEqual({ primaryColor: '#22c55e', secondaryColor: '#94a3b8' });
    expect(res.body.telegramGroups).toMatchObject({
      primaryGroupId: '-100123',
      breakingNewsTopicId: '7',
      enableOverdueAlerts: false,
      enableGroupNotifications: true,
    });
    expect(res.body.cgFolderMoved).toBeNull();
  });

  it('keeps the chat-bot token write-only: set, never returned or logged, cleared with an empty value', async () => {
    const { owner } = await createStation(server);
    const token = '123456:AAH-secret-token-value';
    const set = await owner.put<UpdateSettingsResponse>('/api/settings', {
      telegramBotToken: token,
      authToken: 'auth-secret-x',
    });
    expect(set.body).toMatchObject({ telegramBotTokenSet: true, authTokenSet: true });
    const everything = JSON.stringify([
      set.body,
      (await owner.get('/api/settings')).body,
      (await owner.get('/api/activity-logs')).body,
    ]);
    expect(everything).not.toContain(token);
    expect(everything).not.toContain('auth-secret-x');
    expect((await owner.put<Settings>('/api/settings', { authToken: 'x2' })).body.telegramBotTokenSet).toBe(true);
    expect((await owner.put<Settings>('/api/settings', { telegramBotToken: '' })).body.telegramBotTokenSet).toBe(false);
    expect((await owner.put<Settings>('/api/settings', { authToken: null })).body.authTokenSet).toBe(false);
  });

  it('refuses bad input with messages that name the problem, changing nothing', async () => {
    const { owner } = await createStation(server);
    const bad = async (body: unknown) => {
      const res = await owner.put<Err>('/api/settings', body);
      expect(res.status).toBe(400);
      return res.body.message;
    };
    expect(await bad({ cgOutputPath: '  ' })).toContain('CG output path is required');
    expect(await bad({ branding: { primaryColor: '#101010' } })).toMatch(
      /Primary colour is too dark to read on the dark theme \(contrast 1\.\d:1, needs at least 3:1\)/,
    );
    expect(await bad({ branding: { secondaryColor: 'red' } })).toContain(
      'Secondary colour must be a colour written as #rrggbb',
    );
    expect(await bad({ telegramGroups: { reminderInterval: 10 } })).toContain(
      'Reminder interval must be at least 30 minutes',
    );
    expect(await bad({ telegramGroups: { primaryGroupId: 'abc' } })).toContain('primaryGroupId');
    expect(await bad({ telegramBotToken: 'x'.repeat(600) })).toContain('at most 512');
    expect((await owner.get<Settings>('/api/settings')).body.branding.primaryColor).toBe('#3b82f6');
  });

  it('each company sees and changes only its own settings; branding goes live to that company only', async () => {
    const a = await createStation(server);
    const b = await createStation(server);
    const socketA = await TestSocket.authed(server.url, a.owner.token!, a.owner.user.id);
    const socketB = await TestSocket.authed(server.url, b.owner.token!, b.owner.user.id);
    await b.owner.put('/api/settings', { branding: { primaryColor: '#f97316' }, telegramBotToken: 'b-token' });
    const live = await socketB.waitFor('branding_updated');
    expect(live.data).toEqual({ primaryColor: '#f97316', secondaryColor: '#64748b' });
    await socketB.waitFor('settings_updated');
    expect((await a.owner.get<Settings>('/api/settings')).body).toMatchObject({
      telegramBotTokenSet: false,
      branding: { primaryColor: '#3b82f6' },
    });
    await new Promise((r) => setTimeout(r, 200));
    expect(socketA.messages.filter((m) => m.type === 'branding_updated' || m.type === 'settings_updated')).toEqual([]);
    socketA.close();
    socketB.close();
  });
});

describe('hostile input', () => {
  it('always gets a 4xx JSON with a message, never a 5xx; nothing changes', async () => {
    const { owner } = await createStation(server);
    const raw = (body: string) => owner.request('PUT', '/api/settings', body, { 'content-type': 'application/json' });
    const attempts = [
      raw('[]'),
      raw('null'),
      raw('"text"'),
      raw('{"branding":'),
      owner.put('/api/settings', { branding: 123 }),
      owner.put('/api/settings', { branding: { primaryColor: ['#fff'] } }),
      owner.put('/api/settings', { telegramGroups: [] }),
      owner.put('/api/settings', { telegramGroups: { enableOverdueAlerts: 'yes' } }),
      owner.put('/api/settings', { cgOutputPath: 'cg\u0000out' }),
      owner.put('/api/settings', { cgOutputPath: 42 }),
      owner.put('/api/settings', { cgOutputPath: 'x'.repeat(200_000) }),
      owner.put('/api/settings', { telegramBotToken: { a: 1 } }),
      owner.put('/api/company/telegram-settings', { reminderInterval: 'soon' }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.status, JSON.stringify(res.body)).toBeGreaterThanOrEqual(400);
      expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
      expect(typeof (res.body as Err).message).toBe('string');
    }
    const after = (await owner.get<Settings>('/api/settings')).body;
    expect(after.cgOutputPath).toMatch(/^\.\/cg_output-company-\d+$/);
    expect(after).toMatchObject({ telegramBotTokenSet: false, branding: { primaryColor: '#3b82f6' } });
  });
});

describe('/api/company/telegram-settings', () => {
  it('reads and partially updates the group settings', async () => {
    const { owner } = await createStation(server);
    const put = await owner.put<TelegramGroups>('/api/company/telegram-settings', {
      secondaryGroupId: '-200',
      reminderInterval: '60',
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ secondaryGroupId: '-200', reminderInterval: 60, enableEquipmentReminders: true });
    expect((await owner.get<TelegramGroups>('/api/company/telegram-settings')).body).toEqual(put.body);
  });

  it('loses no field when hundreds of partial updates arrive at once', async () => {
    const { owner } = await createStation(server);
    const fields = [
      'equipmentRequestTopicId',
      'secondaryGroupTopicId',
      'breakingNewsTopicId',
      'generalNotificationTopicId',
    ] as const;
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        owner.put('/api/company/telegram-settings', { [fields[i % fields.length]!]: String(i) }),
      ),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    const final = (await owner.get<TelegramGroups>('/api/company/telegram-settings')).body;
    // The last write of each field wins and none of the four was lost to another field's write.
    expect(fields.map((f) => final[f])).toEqual(['196', '197', '198', '199']);
  });
});

describe('moving the CG output folder', () => {
  it('rewrites every file into the new folder before answering; the next headline lands there', async () => {
    const { owner, folder, companyId } = await createStation(server);
    await owner.post('/api/cg-files/update-direct', {
      type: 'headline',
      content: 'Before the move',
      subheadline: 'Sub',
    });
    const res = await owner.put<UpdateSettingsResponse>('/api/settings', { cgOutputPath: `./graphics-${companyId}` });
    const target = path.join(server.baseDir, `graphics-${companyId}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ cgOutputPath: `./graphics-${companyId}`, cgOutputFolder: target });
    expect(res.body.cgFolderMoved).toEqual({ from: folder, to: target, files: 2 });
    expect(fs.readFileSync(path.join(target, 'headline.txt'), 'utf8')).toBe('Before the move');
    expect(fs.readFileSync(path.join(target, 'subheadline.txt'), 'utf8')).toBe('Sub');
    expect(JSON.parse(fs.readFileSync(path.join(target, 'cg.json'), 'utf8'))).toMatchObject({
      headline: 'Before the move',
    });
    // Nothing stale stays where a graphics program may still look.
    expect(fs.existsSync(path.join(folder, 'headline.txt'))).toBe(false);
    await owner.post('/api/cg-files/update-direct', { type: 'headline', content: 'After the move' });
    expect(fs.readFileSync(path.join(target, 'headline.txt'), 'utf8')).toBe('After the move');
    expect(fs.existsSync(path.join(folder, 'headline.txt'))).toBe(false);
    const log = JSON.stringify((await owner.get('/api/activity-logs')).body);
    expect(log).toContain('cg_output_path_changed');
  });

  it('refuses a folder of another company, inside one, containing one, a file, a network share', async () => {
    const a = await createStation(server);
    const b = await createStation(server);
    const refuse = async (cgOutputPath: string, message: string) => {
      const res = await b.owner.put<Err>('/api/settings', { cgOutputPath });
      expect(res.status).toBe(400);
      expect(res.body.message).toContain(message);
    };
    await refuse(a.folder, 'already used by another company');
    await refuse(path.join(a.folder, 'sub'), "inside another company's CG folder");
    await refuse(path.dirname(a.folder), "contains another company's CG folder");
    const file = path.join(server.baseDir, `a-file-${b.companyId}.txt`);
    fs.writeFileSync(file, 'x');
    await refuse(file, 'points at a file');
    await refuse('\\\\server\\share\\cg', 'not a network share');
    await refuse(path.join(server.dataDir, 'cg'), "app's data folder");
    expect((await b.owner.get<Settings>('/api/settings')).body.cgOutputFolder).toBe(b.folder);
  });

  it('two stations claiming the same new folder at once: exactly one gets it', async () => {
    const a = await createStation(server);
    const b = await createStation(server);
    await a.owner.post('/api/cg-files/update-direct', { type: 'headline', content: 'A on air' });
    await b.owner.post('/api/cg-files/update-direct', { type: 'headline', content: 'B on air' });
    const shared = `./contested-${a.companyId}`;
    const [ra, rb] = await Promise.all([
      a.owner.put('/api/settings', { cgOutputPath: shared }),
      b.owner.put('/api/settings', { cgOutputPath: shared }),
    ]);
    // 409 when both passed the first check and the second lost inside the commit; 400 when it came later.
    expect([ra.status, rb.status].filter((s) => s === 200)).toHaveLength(1);
    expect([ra.status, rb.status].find((s) => s !== 200)).toBeOneOf([400, 409]);
    const winner = ra.status === 200 ? 'A on air' : 'B on air';
    expect(fs.readFileSync(path.join(server.baseDir, shared, 'headline.txt'), 'utf8')).toBe(winner);
  });

  it('writes sent during a move all land in the new folder, and the file equals the committed text', async () => {
    const { owner, folder, companyId, readCg } = await createStation(server);
    await owner.post('/api/cg-files/update-direct', { type: 'headline', content: 'start' });
    const writes = Array.from({ length: 100 }, (_, i) =>
      owner.post('/api/cg-files/update-direct', { type: 'headline', content: `during ${i}` }),
    );
    const move = owner.put<UpdateSettingsResponse>('/api/settings', { cgOutputPath: `./busy-${companyId}` });
    const results = await Promise.all([...writes, move]);
    expect(results.every((r) => r.status === 200)).toBe(true);
    const committed = (await owner.get<Array<{ type: string; content: string }>>('/api/cg-files')).body.find(
      (f) => f.type === 'headline',
    );
    expect(fs.readFileSync(path.join(server.baseDir, `busy-${companyId}`, 'headline.txt'), 'utf8')).toBe(
      committed?.content,
    );
    expect(readCg('headline')).toBeNull();
    expect(fs.existsSync(folder) && fs.readdirSync(folder).some((n) => n.endsWith('.txt'))).toBe(false);
  });

  it('a station added later never gets a folder another station moved to', async () => {
    const a = await createStation(server);
    const nextDefault = `./cg_output-company-${a.companyId + 1}`;
    expect((await a.owner.put('/api/settings', { cgOutputPath: nextDefault })).status).toBe(200);
    const b = await createStation(server);
    expect(b.companyId).toBe(a.companyId + 1);
    const folderB = (await b.owner.get<Settings>('/api/settings')).body.cgOutputFolder;
    expect(folderB).toBe(path.join(server.baseDir, `cg_output-company-${b.companyId}-2`));
  });

  it('moving back to a folder used before works (the folder is created again)', async () => {
    const { owner, folder, companyId } = await createStation(server);
    await owner.post('/api/cg-files/update-direct', { type: 'headline', content: 'round trip' });
    expect((await owner.put('/api/settings', { cgOutputPath: `./away-${companyId}` })).status).toBe(200);
    const back = await owner.put<UpdateSettingsResponse>('/api/settings', { cgOutputPath: folder });
    expect(back.status).toBe(200);
    await owner.post('/api/cg-files/update-direct', { type: 'headline', content: 'home again' });
    expect(fs.readFileSync(path.join(folder, 'headline.txt'), 'utf8')).toBe('home again');
  });
});
