import type { AsRunPage } from '../../../shared/contracts/as-run';
import { DEFAULT_OVERLAY_LAYOUT, type OverlayOutput } from '../../../shared/contracts/overlay';
import type { News, NewsRevision } from '../../../shared/contracts/news';
import type { RecordKind } from '../../route-table-types';
import { versionBody } from '../../modules/app-versions/app-version-test-helpers';
import type { ApiClient, ApiResponse } from '../../test/api-client';
import { approvedRequest, createEquipment, requestEquipment } from '../../test/equipment-factory';
import { createCompany, createUser, loginDevOwner } from '../../test/factories';
import { startFakeFeeds } from '../../test/fake-feeds';
import { seederFor } from '../../test/matrix-seeds';
import { createNews } from '../../test/news-factory';
import type { TestServer } from '../../test/test-server';
import type { Clock } from '../../lib/clock';

/** The test's still clock, moved as the seeding goes (StationClock in moved-station-support.ts). */
type StationClock = Clock & { advance(ms: number): void };

/**
 * The stations the moved-station test writes through the real API before the move (issue 42):
 * one record of every kind the route table names, and what makes a station's data rich — stories
 * with several revisions and Thaana text, a bulletin of stories, as-run rows, loans at every step,
 * changed settings, wires, outputs, API keys, notification preferences.
 */
// A Record of every kind: a kind added to RecordKind fails to compile here until it is seeded.
const KINDS: Record<RecordKind, true> = {
  news: true,
  deletedNews: true,
  user: true,
  cgFile: true,
  apiKey: true,
  bulletin: true,
  prompter: true,
  prompterSession: true,
  equipment: true,
  loan: true,
  appFile: true,
  wireFeed: true,
  wireItem: true,
  output: true,
};

export interface SeededStation {
  companyId: number;
  /** One record of each kind, as its path id. */
  ids: Record<RecordKind, string>;
  /** A story made from the wire item (GET /api/wires/sources/:id has a source to show). */
  wireStoryId: string;
  /** The feed the wire item came from. */
  wireItemFeedId: number;
  overlayKey: string;
  /** The update feed's key (app versions, issue 23). */
  feedKey: string;
  appFileName: string;
  /** Plain API keys: one for Stream Deck control (state, take), one for /api/cg-files/sync. */
  controlKey: string;
  syncKey: string;
}

export function must<T>(res: ApiResponse<T>, what: string): T {
  if (res.status < 200 || res.status >= 300) throw new Error(`seed ${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** Every record kind once, plus the keys and ids the GET routes name. */
export async function seedKinds(server: TestServer, owner: ApiClient, companyId: number): Promise<SeededStation> {
  const seed = seederFor(owner);
  const ids = {} as Record<RecordKind, string>;
  for (const kind of Object.keys(KINDS) as RecordKind[]) ids[kind] = await seed(kind);
  const made = must(await owner.post<{ newsId: number }>(`/api/wires/${ids.wireItem}/make-story`), 'make story');
  const wires = must(await owner.get<{ items: Array<{ id: number; feedId: number }> }>('/api/wires'), 'wires');
  const wireItemFeedId = wires.items.find((i) => String(i.id) === ids.wireItem)?.feedId ?? 0;
  const overlay = must(await owner.get<OverlayOutput>('/api/outputs/overlay'), 'overlay');
  const feedPath = await server.services.appVersions.feeds.folderPath(companyId);
  const key = (permissions: string[], name: string) =>
    owner.post<{ key: string }>('/api/company/api-keys', { name, permissions });
  const controlKey = must(await key(['control.state', 'control.take'], 'Stream Deck'), 'control key').key;
  const syncKey = must(await key(['cg_files'], 'vMix sync'), 'sync key').key;
  must(
    await owner.post(
      '/api/app-version',
      versionBody({ downloadUrl: `/api/app-version/files/${ids.appFile}`, fileSize: 1024 }),
    ),
    'app version',
  );
  return {
    companyId,
    ids,
    wireStoryId: String(made.newsId),
    wireItemFeedId,
    overlayKey: overlay.key,
    feedKey: feedPath.split('/').filter(Boolean)[4] ?? '',
    appFileName: 'seed.zip',
    controlKey,
    syncKey,
  };
}

/** A story edited `edits` times (a revision each), one edit restored, then approved. */
async function storyWithRevisions(client: ApiClient, clock: StationClock, title: string, edits: string[]) {
  let story = await createNews(client, { title, content: 'ދިވެހި ޚަބަރު — first text', category: 'Politics' });
  for (const text of edits) {
    clock.advance(60_000);
    story = must(await client.put<News>(`/api/news/${story.id}`, { content: text, version: story.version }), 'edit');
  }
  const revisions = must(await client.get<NewsRevision[]>(`/api/news/${story.id}/revisions`), 'revisions');
  const oldest = revisions.at(-1);
  clock.advance(60_000);
  story = must(
    await client.post<News>(`/api/news/${story.id}/revisions/${oldest?.id ?? 0}/restore`, { version: story.version }),
    'restore',
  );
  return must(await client.post<News>(`/api/news/${story.id}/approve`), 'approve');
}

/** The newsroom: revisions, Thaana, a send-back, a published story, ties in time, a bulletin. */
async function seedNewsroom(owner: ApiClient, editor: ApiClient, clock: StationClock): Promise<number> {
  const thaana = await storyWithRevisions(owner, clock, 'ރައީސް — budget vote tonight', [
    'ދިވެހި ޚަބަރު — second text',
    'ދިވެހި ޚަބަރު — third text',
    'Third text, in English',
  ]);
  const harbour = await storyWithRevisions(editor, clock, 'Harbour fire', ['Fire under control']);
  const sent = await createNews(editor, { title: 'Council minutes', priority: 'urgent' });
  must(await editor.post(`/api/news/${sent.id}/submit`), 'submit');
  must(await owner.post(`/api/news/${sent.id}/reject`, { reason: 'Needs a second source' }), 'send back');
  must(await owner.post(`/api/news/${harbour.id}/publish`), 'publish');
  // Stories made, and deleted, in the same millisecond: lists must order them alike on both engines.
  const same: number[] = [];
  for (let i = 0; i < 12; i += 1)
    same.push((await createNews(i % 2 ? editor : owner, { title: `Same moment ${i}` })).id);
  for (const id of same.slice(0, 9)) must(await owner.delete(`/api/news/${id}`), 'delete');
  clock.advance(1_000);
  const bulletin = must(
    await owner.post<{ id: number }>('/api/bulletins', {
      title: 'ހަވީރު ޚަބަރު — evening',
      broadcastTime: '20:00',
      scheduledTime: clock.now().toISOString(),
      bulletinItems: [
        { type: 'news', newsId: thaana.id },
        { type: 'break', breakType: 'LOCAL BREAK' },
        { type: 'news', newsId: harbour.id },
      ],
    }),
    'bulletin',
  );
  must(await owner.post(`/api/news/${thaana.id}/create-cg`, { cgType: 'infoline', contentSource: 'title' }), 'cg');
  // The prompter the routes read reads the bulletin: its content has the stories' sections.
  const prompter = { name: 'ހަވީރު prompter', bulletinId: bulletin.id };
  return must(await owner.post<{ id: number }>('/api/prompters', prompter), 'prompter').id;
}

/** On air: headlines, a crawler, an emergency; each write leaves as-run rows. */
async function seedOnAir(owner: ApiClient, editor: ApiClient, clock: StationClock): Promise<void> {
  for (const [client, content] of [
    [owner, 'ރައީސް — budget vote tonight'],
    [editor, 'Harbour fire under control'],
    [owner, 'Polls close at 4'],
  ] as const) {
    clock.advance(500);
    must(await client.post('/api/cg-files/update-direct', { type: 'headline', content }), 'headline');
  }
  for (const headline of ['First', 'ދިވެހި ސުރުޚީ', 'Third']) {
    must(await owner.post('/api/news-crawler/add-headline', { headline }), 'crawler');
  }
  must(
    await owner.post('/api/cg-files/emergency', { content: 'STORM WARNING', headline: 'STORM WARNING' }),
    'emergency',
  );
}

/** Equipment at every step of a loan, with a loan extended and one returned. */
async function seedEquipment(owner: ApiClient, editor: ApiClient, clock: StationClock): Promise<void> {
  const camera = await createEquipment(owner, { name: 'Sony FX6', quantity: 3, category: 'Camera' });
  const tripod = await createEquipment(owner, { name: 'Tripod', quantity: 1 });
  await requestEquipment(editor, camera.id, { purpose: 'ދިވެހި shoot' });
  const out = await approvedRequest(editor, owner, camera.id);
  must(await editor.put(`/api/equipment-requests/${out.id}/checkout`), 'checkout');
  must(
    await editor.post(`/api/equipment-requests/${out.id}/extend`, {
      newReturnDate: new Date(clock.now().getTime() + 3 * 86_400_000).toISOString(),
    }),
    'extend',
  );
  const back = await approvedRequest(editor, owner, tripod.id);
  must(await editor.put(`/api/equipment-requests/${back.id}/checkout`), 'checkout tripod');
  must(await owner.put(`/api/equipment-requests/${back.id}/return`, { condition: 'good', damageNote: '' }), 'return');
  must(await owner.put(`/api/equipment/${tripod.id}/status`, { status: 'maintenance' }), 'status');
  // Due in half an hour, then two hours pass: the alert jobs find it overdue and a cable low.
  const cable = await createEquipment(owner, { name: 'XLR cable', quantity: 2, minStock: 2 });
  const due = new Date(clock.now().getTime() + 30 * 60_000).toISOString();
  const late = await requestEquipment(editor, cable.id, { expectedReturnDate: due });
  must(await owner.put(`/api/equipment-requests/${late.id}/approve`), 'approve cable');
  must(await editor.put(`/api/equipment-requests/${late.id}/checkout`), 'checkout cable');
  clock.advance(2 * 3_600_000);
}

/** Settings, Telegram groups, the Sheet, notification preferences, the overlay's layout. */
async function seedSettings(owner: ApiClient, editor: ApiClient & { user: { id: number } }): Promise<void> {
  const { version } = must(await owner.get<{ version: number }>('/api/settings'), 'settings');
  must(
    await owner.put('/api/settings', {
      timeZone: 'Indian/Maldives',
      asRunRetentionDays: 30,
      branding: { primaryColor: '#4fc3f7' },
      weekendDays: ['fri', 'sat'],
      recycleBinHours: 48,
      secondApprover: false,
      version,
    }),
    'settings',
  );
  must(
    await owner.put('/api/company/telegram-settings', { primaryGroupId: '-1001234567890', reminderInterval: 60 }),
    'telegram',
  );
  must(await owner.put('/api/google-sheets/settings', { spreadsheetId: '1AbCdEfGhIjKlMnOpQrStUv' }), 'sheets');
  must(
    await owner.put(`/api/notification-preferences/${editor.user.id}`, {
      quietHours: { enabled: true, startTime: '22:00', endTime: '06:00' },
      breakingNews: { enabled: false },
    }),
    'preferences',
  );
  must(await owner.put('/api/outputs/overlay/layout', { ...DEFAULT_OVERLAY_LAYOUT, tickerSpeed: 200 }), 'layout');
}

/** Outputs and wire feeds whose name order differs by case (both disabled: nothing dials them). */
async function seedNames(owner: ApiClient): Promise<void> {
  for (const name of ['obs main', 'OBS backup', 'vMix', 'ވީމިކްސް']) {
    const config = {
      url: 'http://127.0.0.1:9',
      input: 'Title',
      mapping: [{ type: 'headline', field: 'Headline.Text' }],
    };
    must(await owner.post('/api/outputs', { kind: 'vmix', name, enabled: false, config }), 'output');
  }
  for (const name of ['afp english', 'AP Arabic', 'reuters']) {
    const url = `http://127.0.0.1:9/${encodeURIComponent(name)}.xml`;
    must(await owner.post('/api/wires/feeds', { name, url, enabled: false }), 'feed');
  }
}

/** Wire items in Thaana and in accented Latin, for searches whose case folding must match. */
async function seedWires(owner: ApiClient): Promise<void> {
  const feeds = await startFakeFeeds();
  try {
    feeds.rssItems.push({
      guid: 'fr-1',
      title: 'Café talks at the Élysée',
      description: 'Ministers met at the ÉLYSÉE café.',
      link: 'http://example.test/fr/1',
      date: new Date(Date.now() - 3_600_000).toISOString(),
    });
    for (const [name, file] of [
      ['ތާނަ ނޫސް', 'thaana.xml'],
      ['Agence', 'rss.xml?agence'],
    ]) {
      const feed = must(
        await owner.post<{ id: number }>('/api/wires/feeds', { name, url: `${feeds.url}/${file}`, enabled: false }),
        'feed',
      );
      must(await owner.post(`/api/wires/feeds/${feed.id}/poll`), 'poll');
    }
  } finally {
    await feeds.close();
  }
}

/** The station the test moves, and the second one (the dev's own), both written through the API. */
export async function seedStations(server: TestServer, clock: StationClock) {
  const dev = await loginDevOwner(server);
  const rich = await createCompany(dev, server, 'ރާއްޖެ TV');
  const owner = rich.owner;
  const editor = await createUser(owner, server, 'editor', { fullName: 'އައިޝަތު Editor' });
  // Names whose order differs by case and script: SQLite compares bytes, PostgreSQL its collation.
  for (const fullName of ['aminath mcr', 'Bob MCR', 'ahmed', 'Ziyad', 'ޒާހިރު'])
    await createUser(owner, server, 'mcr', { fullName });
  const station = await seedKinds(server, owner, rich.companyId);
  clock.advance(2_000);
  station.ids.prompter = String(await seedNewsroom(owner, editor, clock));
  await seedOnAir(owner, editor, clock);
  await seedEquipment(owner, editor, clock);
  await seedSettings(owner, editor);
  await seedNames(owner);
  await seedWires(owner);
  for (const job of ['equipment-overdue', 'equipment-low-stock', 'equipment-reminders'])
    await server.scheduler.runNow(job);
  const second = await seedKinds(server, dev, dev.user.companyId);
  await createNews(dev, { title: 'Station A lead' });
  await server.asRunRecorder.flush();
  return {
    dev,
    owner,
    ownerPassword: rich.ownerPassword,
    editor,
    station,
    second,
    asRunCursor: await tiedCursor(owner),
  };
}

/** An as-run page cursor at a row that shares its moment with another: the id decides the page. */
async function tiedCursor(owner: ApiClient): Promise<string> {
  const { entries } = must(await owner.get<AsRunPage>('/api/as-run?limit=500'), 'as-run');
  const tied = entries.find((e) => entries.filter((o) => o.at === e.at).length > 2);
  if (!tied) throw new Error('seed: no three as-run rows at one moment');
  return `${tied.at}~${tied.id}`;
}
