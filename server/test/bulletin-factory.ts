import { BULLETIN_DEFAULT_DURATION } from '../../shared/constants';
import type { NewBulletin } from '../modules/bulletins/bulletins.service';
import type { TestServer } from './test-server';

/** Bulletins for tests, made through the real service (no HTTP round trip). */
export async function createBulletin(
  server: TestServer,
  companyId: number,
  userId: number,
  input: Partial<NewBulletin> & Pick<NewBulletin, 'items'>,
): Promise<number> {
  const { items, ...rest } = input;
  const made = await server.services.bulletins.create(
    { companyId, userId },
    {
      title: 'Evening bulletin',
      broadcastTime: '20:00',
      scheduledTime: new Date().toISOString(),
      duration: BULLETIN_DEFAULT_DURATION,
      ...rest,
      bulletinItems: items.map((i) => ({ newsId: null, breakType: null, durationSeconds: null, ...i })),
    },
  );
  return made.id;
}
