import type { Bulletin } from '../../shared/contracts/bulletins';
import type { Equipment, EquipmentRequest } from '../../shared/contracts/equipment';
import { createUser, loginDevOwner } from '../../server/test/factories';
import { createApprovedNews, createNews } from '../../server/test/news-factory';
import type { TestServer } from '../../server/test/test-server';

/** What the accessibility tour needs to reach every screen with something on it. */
export interface A11ySeed {
  readonly prompterId: number;
  readonly prompterName: string;
  readonly equipmentCode: string;
  readonly equipmentName: string;
}

const THAANA = 'ދިވެހި ޚަބަރު';

/**
 * A station with a little of everything (stories in each state, a bulletin, a prompter, kit on
 * loan, a few users): axe only judges what is rendered, so empty pages would hide the rows,
 * badges and counters that carry most of the dimmed text.
 */
export async function seedA11yStation(server: TestServer): Promise<A11ySeed> {
  const owner = await loginDevOwner(server);
  await createUser(owner, server, 'mcr', { fullName: 'Maya Control' });
  const cam = await createUser(owner, server, 'cameraman', { fullName: 'Aminath Shifa' });
  await createNews(owner, { title: 'Council votes on harbour budget', subtitle: 'Session runs late' });
  await createNews(owner, { title: THAANA, subtitle: THAANA, priority: 'breaking' });
  const approved = await createApprovedNews(owner, { title: 'Ferries resume at noon', subtitle: 'Storm has passed' });
  const published = await createApprovedNews(owner, { title: 'Airport runway reopens' });
  await owner.post(`/api/news/${published.id}/publish`);

  const bulletin = await owner.post<Bulletin>('/api/bulletins', {
    title: 'Evening News',
    broadcastTime: '20:00',
    duration: 30,
    scheduledTime: new Date().toISOString(),
    bulletinItems: [
      { type: 'news', newsId: approved.id },
      { type: 'break', breakType: 'LOCAL BREAK' },
    ],
  });
  const prompterName = 'Evening News — Studio A';
  const prompter = await owner.post<{ id: number }>('/api/prompters', {
    name: prompterName,
    bulletinId: bulletin.body.id,
  });

  const kit: Equipment[] = [];
  for (const [code, name] of [
    ['CAM-001', 'Sony PXW-Z280'],
    ['TRI-001', 'Sachtler Tripod'],
    ['MIC-001', 'Sennheiser MKE 600'],
  ] as const) {
    kit.push(
      (
        await owner.post<Equipment>('/api/equipment', {
          code,
          name,
          category: 'Cameras',
          quantity: 2,
          location: 'Camera Store Room',
        })
      ).body,
    );
  }
  const ask = async (item: Equipment, purpose: string) =>
    (
      await cam.post<EquipmentRequest>('/api/equipment-requests', {
        equipmentId: item.id,
        purpose,
        expectedReturnDate: new Date(Date.now() + 24 * 3600_000).toISOString(),
      })
    ).body;
  await ask(kit[0]!, 'Parliament session, full day');
  const out = await ask(kit[1]!, 'Live shot at the harbour');
  await owner.put(`/api/equipment-requests/${out.id}/approve`, {});
  await cam.put(`/api/equipment-requests/${out.id}/checkout`, {});
  // Outputs (issue 25): one that cannot be reached (status + message) and one disabled, in Dhivehi.
  const mapping = [{ type: 'headline', field: 'Headline.Text' }];
  await owner.post('/api/outputs', {
    kind: 'vmix',
    name: 'vMix studio',
    config: { url: 'http://127.0.0.1:9', input: 'Lower Third', mapping },
  });
  await owner.post('/api/outputs', {
    kind: 'vmix',
    name: THAANA,
    enabled: false,
    config: { url: 'http://127.0.0.1:9', input: 'Lower Third', mapping },
  });
  return { prompterId: prompter.body.id, prompterName, equipmentCode: kit[2]!.code, equipmentName: kit[2]!.name };
}
