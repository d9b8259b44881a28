import type { NewBulletin } from '../modules/bulletins/bulletins.service';
import type { TestServer } from './test-server';

/**
 * Bulletins for tests, made through the real service (the bulletins editing screen and its
 * POST endpoint come in a later issue).
 */
export function createBulletin(server: TestServer, companyId: number, userId: number, input: Partial<NewBulletin> & Pick<NewBulletin, 'items'>): number {
  return server.services.bulletins.create(
    { companyId, userId },
    { title: 'Evening bulletin', broadcastTime: '20:00', scheduledTime: new Date().toISOString(), ...input },
  );
}
