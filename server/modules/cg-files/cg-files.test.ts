import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CG_TYPES } from '../../../shared/constants';
import type { CgFile } from '../../../shared/contracts/cg-files';
import { createCompany, createUser, loginDevOwner } from '../../test/factories';
import { createNews } from '../../test/news-factory';
import { startTestServer, type TestServer } from '../../test/test-server';
import { TestSocket } from '../../test/ws-client';

let server: TestServer;
let folder: string;
beforeAll(async () => {
  server = await startTestServer();
  folder = path.join(server.baseDir, 'cg_output');
});
afterAll(() => server.close());

const onDisk = (type: string, dir = folder) => fs.readFileSync(path.join(dir, `${type}.txt`), 'utf8');

describe('start-up', () => {
  it('creates the CG output folder so a graphics program can be pointed at it before any write', () => {
    expect(fs.statSync(folder).isDirectory()).toBe(true);
  });
});

describe('update-direct', () => {
  it('commits the row, replaces <type>.txt with exactly the text and updates cg.json', async () => {
    const dev = await loginDevOwner(server);
    const res = await dev.post<{ success: boolean; files: CgFile[] }>('/api/cg-files/update-direct', {
      type: 'headline',
      content: 'ރައީސް ބައްދަލުކުރައްވައިފި — Election night',
      companyId: 99,
    });
    expect(res.status).toBe(200);
    const bytes = fs.readFileSync(path.join(folder, 'headline.txt'));
    expect(bytes.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf]))).toBe(false); // no BOM
    expect(bytes.toString('utf8')).toBe('ރައީސް ބައްދަލުކުރައްވައިފި — Election night'); // no trailing newline
    await server.services.cgFiles.flush(); // cg.json follows the commit, off the on-air path
    const json = JSON.parse(fs.readFileSync(path.join(folder, 'cg.json'), 'utf8')) as Record<string, string>;
    expect(json.headline).toBe('ރައީސް ބައްދަލުކުރައްވައިފި — Election night');
    const list = await dev.get<CgFile[]>('/api/cg-files');
    expect(list.body.find((f) => f.type === 'headline')).toMatchObject({ companyId: 1, updatedBy: dev.user.id });
  });

  it('writes the mobile form’s subheadline in the same call', async () => {
    const dev = await loginDevOwner(server);
    await dev.post('/api/cg-files/update-direct', { type: 'headline', content: 'Main', subheadline: 'Second line' });
    expect(onDisk('headline')).toBe('Main');
    expect(onDisk('subheadline')).toBe('Second line');
  });

  it('accepts the control panel bar types and an empty text (clears the graphic)', async () => {
    const dev = await loginDevOwner(server);
    await dev.post('/api/cg-files/update-direct', { type: 'hashtag_bar', content: '#Breaking #News' });
    expect(onDisk('hashtag_bar')).toBe('#Breaking #News');
    await dev.post('/api/cg-files/update-direct', { type: 'hashtag_bar', content: '' });
    expect(onDisk('hashtag_bar')).toBe('');
  });

  it('rejects unknown and path-like types, NUL bytes and missing content with 400, writing nothing', async () => {
    const dev = await loginDevOwner(server);
    const before = fs.readdirSync(folder).sort();
    for (const body of [
      { type: '../../etc/passwd', content: 'x' },
      { type: 'headline/../../x', content: 'x' },
      { type: 'HEADLINE', content: 'x' },
      { type: 'headline', content: 'a\u0000b' },
      { type: 'headline' },
      { type: 'headline', content: 42 },
    ]) {
      const res = await dev.post<{ message: string }>('/api/cg-files/update-direct', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toEqual(expect.any(String));
    }
    expect(fs.readdirSync(folder).sort()).toEqual(before);
    expect(fs.existsSync(path.join(server.baseDir, 'etc'))).toBe(false);
  });

  it('is refused to cameraman and technical (403) and allowed to mcr', async () => {
    const dev = await loginDevOwner(server);
    for (const role of ['cameraman', 'technical'] as const) {
      const u = await createUser(dev, server, role);
      expect((await u.post('/api/cg-files/update-direct', { type: 'headline', content: 'x' })).status).toBe(403);
      expect((await u.get('/api/cg-files')).status).toBe(200);
    }
    const mcr = await createUser(dev, server, 'mcr');
    expect((await mcr.post('/api/cg-files/update-direct', { type: 'infoline', content: 'MCR here' })).status).toBe(200);
    expect(onDisk('infoline')).toBe('MCR here');
  });
});

describe('CG file centre', () => {
  it('creates with an auto file name, edits, clears (empty file stays) and deletes', async () => {
    const dev = await loginDevOwner(server);
    const created = await dev.post<CgFile>('/api/cg-files', { type: 'score1', content: '2' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ type: 'score1', fileName: 'score1.txt', content: '2' });
    expect((await dev.post('/api/cg-files', { type: 'score1', content: '   ' })).body).toMatchObject({
      message: 'content: Content is required',
    });
    const edited = await dev.put<CgFile>(`/api/cg-files/${created.body.id}`, { content: '3' });
    expect(edited.body.content).toBe('3');
    expect(onDisk('score1')).toBe('3');
    await dev.delete(`/api/cg-files/${created.body.id}?clearOnly=true`);
    expect(onDisk('score1')).toBe('');
    expect((await dev.get<CgFile[]>('/api/cg-files')).body.some((f) => f.id === created.body.id)).toBe(true);
    await dev.delete(`/api/cg-files/${created.body.id}`);
    expect((await dev.get<CgFile[]>('/api/cg-files')).body.some((f) => f.id === created.body.id)).toBe(false);
    expect(onDisk('score1')).toBe(''); // emptied, not removed: graphics programs keep polling it
  });

  it('downloads as an attachment with the exact text', async () => {
    const dev = await loginDevOwner(server);
    // Issue 39: the file's one name (a custom name is refused: cg-file-names.test.ts).
    const created = await dev.post<CgFile>('/api/cg-files', {
      type: 'team1',
      content: 'Maziya',
      fileName: 'team1.txt',
    });
    const res = await dev.get<string>(`/api/cg-files/${created.body.id}/download`);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="?team1.txt"?$/);
    expect(res.body).toBe('Maziya');
    expect((await dev.post('/api/cg-files', { type: 'team2', content: 'x', fileName: '../evil.txt' })).status).toBe(
      400,
    );
  });

  it('initialize creates all 13 files and returns the path', async () => {
    const dev = await loginDevOwner(server);
    const res = await dev.post<{ path: string; created: number }>('/api/cg-files/initialize');
    expect(res.body.path).toBe(folder);
    for (const type of CG_TYPES) expect(fs.existsSync(path.join(folder, `${type}.txt`))).toBe(true);
    const again = await dev.post<{ created: number }>('/api/cg-files/initialize');
    expect(again.body.created).toBe(0);
  });
});

describe('emergency override and create-cg from news', () => {
  it('writes emergency, headline and subheadline as one operation, events in that order', async () => {
    const dev = await loginDevOwner(server);
    const socket = await TestSocket.authed(server.url, dev.token!, dev.user.id);
    const res = await dev.post('/api/cg-files/emergency', {
      content: 'EVACUATE NOW',
      headline: 'BREAKING NEWS',
      subheadline: 'Fire at harbour',
    });
    expect(res.status).toBe(200);
    expect([onDisk('emergency'), onDisk('headline'), onDisk('subheadline')]).toEqual([
      'EVACUATE NOW',
      'BREAKING NEWS',
      'Fire at harbour',
    ]);
    await socket.until(() => socket.messages.filter((m) => m.type === 'cg_file_updated').length >= 3);
    const types = socket.messages
      .filter((m) => m.type === 'cg_file_updated')
      .map((m) => (m.data as { type: string }).type);
    expect(types).toEqual(['emergency', 'headline', 'subheadline']);
    socket.close();
  });

  it('puts the chosen part of an article on the chosen type', async () => {
    const dev = await loginDevOwner(server);
    const n = await createNews(dev, { title: 'Title T', subtitle: 'Sub S', content: 'Body B' });
    const send = (body: object) => dev.post(`/api/news/${n.id}/create-cg`, body);
    await send({ cgType: 'breakingnews', useTitle: true });
    expect(onDisk('breakingnews')).toBe('Title T');
    await send({ cgType: 'infoline', useTitle: true, useSubtitle: true });
    expect(onDisk('infoline')).toBe('Title T — Sub S'); // a single-line type joins them
    await send({ cgType: 'emergency', contentSource: 'both' });
    expect(onDisk('emergency')).toBe('Title T\nSub S'); // a multi-line type keeps two lines
    await send({ cgType: 'titlebar', contentSource: 'content' });
    expect(onDisk('titlebar')).toBe('Body B');
    await send({ cgType: 'programbar', customContent: ' Custom text ' });
    expect(onDisk('programbar')).toBe('Custom text');
    expect((await send({ cgType: 'score1', useTitle: true })).status).toBe(400);
    expect((await dev.post('/api/news/999999/create-cg', { cgType: 'headline', useTitle: true })).status).toBe(404);
  });
});

describe('tenant isolation', () => {
  it('company B never sees, changes or hears about company A’s CG files, and writes its own folder', async () => {
    const dev = await loginDevOwner(server);
    const { owner: b, companyId } = await createCompany(dev, server);
    const bSocket = await TestSocket.authed(server.url, b.token!, b.user.id);
    const aFile = (await dev.post<CgFile>('/api/cg-files', { type: 'timer', content: '00:10' })).body;
    expect((await b.get<CgFile[]>('/api/cg-files')).body).toEqual([]);
    expect((await b.put(`/api/cg-files/${aFile.id}`, { content: 'hijack' })).status).toBe(404);
    expect((await b.delete(`/api/cg-files/${aFile.id}`)).status).toBe(404);
    expect((await b.get(`/api/cg-files/${aFile.id}/download`)).status).toBe(404);
    await b.post('/api/cg-files/update-direct', { type: 'timer', content: 'B timer' });
    await bSocket.waitFor('cg_file_updated');
    expect(
      bSocket.messages.filter((m) => m.type === 'cg_file_updated').map((m) => (m.data as { content: string }).content),
    ).toEqual(['B timer']);
    expect(onDisk('timer')).toBe('00:10');
    // B's folder is a sibling of A's, never inside it (A's graphics PC must not read B's air).
    expect(onDisk('timer', path.join(server.baseDir, `cg_output-company-${companyId}`))).toBe('B timer');
    expect(fs.existsSync(path.join(folder, `company-${companyId}`))).toBe(false);
    bSocket.close();
  });
});
