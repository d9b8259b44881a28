import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityLog } from '../../../shared/contracts/activity-logs';
import type { CgFile } from '../../../shared/contracts/cg-files';
import type { ApiResponse } from '../../test/api-client';
import { createStation } from '../../test/factories';
import { createApprovedNews, createNews } from '../../test/news-factory';
import { startTestServer, type TestServer } from '../../test/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function station() {
  const { owner, readCg: onDisk } = await createStation(server);
  const lastActivity = async () => (await owner.get<ActivityLog[]>('/api/activity-logs')).body[0]!;
  return { owner, onDisk, lastActivity };
}

type ErrorBody = { message: string; issues?: Array<{ path: string; message: string }> };
/** The 400 the rules give: the message names the field and the rule, the issue names the field. */
function expectRefused(res: ApiResponse<unknown>, field: string, rule: string): void {
  expect(res.status).toBe(400);
  expect(res.body as ErrorBody).toEqual({ message: `${field}: ${rule}`, issues: [{ path: field, message: rule }] });
}

const lines = (n: number, len = 5) => Array.from({ length: n }, (_, i) => `${i}`.padEnd(len, 'x')).join('\n');

describe('on-air text rules on every CG write path', () => {
  it('update-direct: single line, maximum length in code points, no control characters', async () => {
    const { owner, onDisk } = await station();
    const send = (type: string, content: string, extra: object = {}) =>
      owner.post('/api/cg-files/update-direct', { type, content, ...extra });
    expect((await send('headline', 'On air')).status).toBe(200);
    expectRefused(await send('headline', 'two\nlines'), 'content', 'Headline must be a single line');
    expectRefused(
      await send('headline', 'x'.repeat(121)),
      'content',
      'Headline must be at most 120 characters (this text has 121)',
    );
    expectRefused(await send('headline', 'bell\u0007'), 'content', 'Headline must not contain control characters');
    expectRefused(await send('headline', 'tab\there'), 'content', 'Headline must not contain control characters');
    expectRefused(
      await send('timer', '00:00:00:00:00:00:00'),
      'content',
      'Timer must be at most 16 characters (this text has 20)',
    );
    expectRefused(
      await send('headline', 'ok', { subheadline: 's'.repeat(161) }),
      'subheadline',
      'Subheadline must be at most 160 characters (this text has 161)',
    );
    expect(onDisk('headline')).toBe('On air'); // nothing of a refused operation is written
    expect(onDisk('subheadline')).toBeNull();
    expect((await send('headline', '🔥'.repeat(120))).status).toBe(200); // 120 viewer characters, 240 UTF-16 units
    expect((await send('emergency', lines(3, 160))).status).toBe(200);
    expectRefused(await send('emergency', lines(4)), 'content', 'Emergency holds at most 3 lines (this text has 4)');
    expectRefused(
      await send('emergency', 'x'.repeat(161)),
      'content',
      'Each line of emergency must be at most 160 characters (this text has 161)',
    );
  });

  it('emergency override names the field that broke a rule and writes nothing', async () => {
    const { owner, onDisk } = await station();
    const res = await owner.post('/api/cg-files/emergency', {
      content: 'EVACUATE',
      headline: 'two\nlines',
      subheadline: 'ok',
    });
    expectRefused(res, 'headline', 'Headline must be a single line');
    expect([onDisk('emergency'), onDisk('headline'), onDisk('subheadline')]).toEqual([null, null, null]);
    expectRefused(
      await owner.post('/api/cg-files/emergency', { content: lines(4) }),
      'content',
      'Emergency holds at most 3 lines (this text has 4)',
    );
  });

  it('news_crawler keeps its 500 × 500 rule through update-direct, POST and PUT', async () => {
    const { owner, onDisk } = await station();
    const tooMany = lines(501);
    const tooLong = `ok\n${'x'.repeat(501)}`;
    const countRule = 'News crawler holds at most 500 lines (this text has 501)';
    const lengthRule = 'Each line of news crawler must be at most 500 characters (this text has 501)';
    expectRefused(
      await owner.post('/api/cg-files/update-direct', { type: 'news_crawler', content: tooMany }),
      'content',
      countRule,
    );
    expectRefused(
      await owner.post('/api/cg-files/update-direct', { type: 'news_crawler', content: tooLong }),
      'content',
      lengthRule,
    );
    expectRefused(await owner.post('/api/cg-files', { type: 'news_crawler', content: tooMany }), 'content', countRule);
    const created = await owner.post<CgFile>('/api/cg-files', { type: 'news_crawler', content: lines(500, 500) });
    expect(created.status).toBe(201);
    expectRefused(await owner.put(`/api/cg-files/${created.body.id}`, { content: tooLong }), 'content', lengthRule);
    expectRefused(
      await owner.put(`/api/cg-files/${created.body.id}`, { content: 'a\u0001b' }),
      'content',
      'News crawler must not contain control characters',
    );
    expect(onDisk('news_crawler')).toBe(lines(500, 500));
  });

  it('crawler add and edit name the headline field; control characters are refused', async () => {
    const { owner, onDisk } = await station();
    await owner.post('/api/news-crawler/add-headline', { headline: 'First' });
    expectRefused(
      await owner.post('/api/news-crawler/add-headline', { headline: 'bell\u0007' }),
      'headline',
      'News crawler must not contain control characters',
    );
    expectRefused(
      await owner.put('/api/news-crawler/edit-headline', { index: 0, headline: 'a\u001bb' }),
      'headline',
      'News crawler must not contain control characters',
    );
    expect(onDisk('news_crawler')).toBe('First');
  });

  it('crawler generate refuses an approved title the ticker cannot carry, naming the article, and changes nothing', async () => {
    const { owner, onDisk } = await station();
    await owner.post('/api/news-crawler/add-headline', { headline: 'Kept' });
    await createApprovedNews(owner, { title: 'Fine story' });
    const bad = await createApprovedNews(owner, { title: 'Bell\u0007 story' });
    const res = await owner.post<ErrorBody>('/api/news-crawler/generate');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(
      `Article "Bell\u0007 story" (id ${bad.id}) cannot go on the crawler: News crawler must not contain control characters`,
    );
    expect(onDisk('news_crawler')).toBe('Kept');
  });

  it('create-cg from news: over the limit is 400 naming the article part, and nothing is written', async () => {
    const { owner, onDisk } = await station();
    await owner.post('/api/cg-files/update-direct', { type: 'headline', content: 'Before', subheadline: 'Before sub' });
    const long = await createNews(owner, { title: 'T'.repeat(150), subtitle: 'Short' });
    expectRefused(
      await owner.post(`/api/news/${long.id}/create-cg`, { cgType: 'headline', contentSource: 'title' }),
      'title',
      'Headline must be at most 120 characters (this text has 150)',
    );
    const longSub = await createNews(owner, { title: 'Short', subtitle: 'S'.repeat(170) });
    expectRefused(
      await owner.post(`/api/news/${longSub.id}/create-cg`, { cgType: 'headline', contentSource: 'both' }),
      'subtitle',
      'Subheadline must be at most 160 characters (this text has 170)',
    );
    expectRefused(
      await owner.post(`/api/news/${long.id}/create-cg`, {
        cgType: 'infoline',
        contentSource: 'custom',
        customContent: 'a\nb',
      }),
      'customContent',
      'Info line must be a single line',
    );
    expect([onDisk('headline'), onDisk('subheadline'), onDisk('infoline')]).toEqual(['Before', 'Before sub', null]);
  });
});

describe('an article on the headline', () => {
  it('airs headline and subheadline as one operation: one activity entry naming both texts', async () => {
    const { owner, onDisk, lastActivity } = await station();
    await owner.post('/api/cg-files/update-direct', { type: 'subheadline', content: 'An old story’s subheadline' });
    const withSub = await createNews(owner, { title: 'Budget passed', subtitle: 'Vote 52 to 30' });
    const res = await owner.post<{ success: boolean; file: CgFile; files: CgFile[] }>(
      `/api/news/${withSub.id}/create-cg`,
      { cgType: 'headline', contentSource: 'title' },
    );
    expect(res.status).toBe(200);
    expect(res.body.file.type).toBe('headline');
    expect(res.body.files.map((f) => [f.type, f.content])).toEqual([
      ['headline', 'Budget passed'],
      ['subheadline', 'Vote 52 to 30'],
    ]);
    expect([onDisk('headline'), onDisk('subheadline')]).toEqual(['Budget passed', 'Vote 52 to 30']);
    expect(await lastActivity()).toMatchObject({
      action: 'cg_file_updated',
      details: 'headline: "Budget passed" · subheadline: "Vote 52 to 30"',
    });
    const noSub = await createNews(owner, { title: 'No subtitle here', subtitle: null });
    await owner.post(`/api/news/${noSub.id}/create-cg`, { cgType: 'headline', useTitle: true });
    expect([onDisk('headline'), onDisk('subheadline')]).toEqual(['No subtitle here', '']);
    expect((await lastActivity()).details).toBe('headline: "No subtitle here" · subheadline: cleared');
  });
});

describe('the activity entry records what went on air', () => {
  it('names each type’s text; the crawler as a summary', async () => {
    const { owner, lastActivity } = await station();
    await owner.post('/api/cg-files/update-direct', {
      type: 'headline',
      content: 'Budget passed',
      subheadline: 'Vote 52 to 30',
    });
    expect(await lastActivity()).toMatchObject({
      action: 'cg_file_updated',
      details: 'headline: "Budget passed" · subheadline: "Vote 52 to 30"',
    });
    await owner.post('/api/cg-files/emergency', { content: 'Flood\nLeave now' });
    expect(await lastActivity()).toMatchObject({
      action: 'emergency_override',
      details: 'emergency: "Flood\\nLeave now"',
    });
    await owner.post('/api/news-crawler/add-headline', { headline: 'Ferry delayed' });
    await owner.post('/api/news-crawler/add-headline', { headline: 'Rain tonight' });
    expect(await lastActivity()).toMatchObject({
      action: 'cg_file_updated',
      details: 'news_crawler: 2 lines, first "Ferry delayed"',
    });
    await owner.post('/api/news-crawler/clear');
    expect((await lastActivity()).details).toBe('news_crawler: cleared');
  });
});
