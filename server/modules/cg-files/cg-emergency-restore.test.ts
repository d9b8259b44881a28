import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmergencyState } from '../../../shared/contracts/cg-files';
import { createStation, createUser } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/test-server';

/**
 * Issue 38, point 7: after "End emergency" the lower third kept the emergency headline. The
 * server remembers the lower third the override replaced; End may put it back in the same
 * operation, with the texts the operator previewed.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('the lower third from before the override', () => {
  it('is remembered at the override, offered while the emergency is on, and put back with End', async () => {
    const { owner, readCg } = await createStation(server);
    const mcr = await createUser(owner, server, 'mcr');
    await owner.post('/api/cg-files/update-direct', {
      type: 'headline',
      content: 'Harbour reopens',
      subheadline: 'Ferries from 6 am',
    });
    expect((await mcr.get<EmergencyState>('/api/cg-files/emergency')).body).toEqual({
      active: false,
      text: '',
      before: null,
    });
    await owner.post('/api/cg-files/emergency', {
      content: 'EVACUATE\nGo to high ground',
      headline: 'EVACUATE',
      subheadline: 'Go to high ground',
    });
    // A second override keeps the lower third from before the first.
    await owner.post('/api/cg-files/emergency', { content: 'EVACUATE NOW', headline: 'EVACUATE NOW' });
    expect(readCg('subheadline')).toBe('');
    const state = (await mcr.get<EmergencyState>('/api/cg-files/emergency')).body;
    expect(state).toMatchObject({
      active: true,
      text: 'EVACUATE NOW',
      before: { headline: 'Harbour reopens', subheadline: 'Ferries from 6 am' },
    });
    const end = await mcr.post<{ ended: boolean; restored?: boolean }>('/api/cg-files/emergency/end', {
      restore: { headline: 'Harbour reopens', subheadline: 'Ferries from 6 am' },
    });
    expect(end.body).toMatchObject({ ended: true, restored: true });
    expect([readCg('emergency'), readCg('headline'), readCg('subheadline')]).toEqual([
      '',
      'Harbour reopens',
      'Ferries from 6 am',
    ]);
    expect((await mcr.get<EmergencyState>('/api/cg-files/emergency')).body.before).toBeNull();
  });

  it('forgets the lower third when the emergency ends another way (a Stream Deck end)', async () => {
    const { owner, companyId } = await createStation(server);
    await owner.post('/api/cg-files/update-direct', { type: 'headline', content: 'Before', subheadline: 'Line' });
    await owner.post('/api/cg-files/emergency', { content: 'FIRST', headline: 'FIRST' });
    await server.services.cgFiles.endEmergency({ companyId, userId: null, source: 'api_key' });
    await server.services.cgFiles.apply(
      { companyId, userId: null, source: 'api_key' },
      [{ type: 'emergency', content: 'SECOND' }],
      'emergency_override',
    );
    expect((await owner.get<EmergencyState>('/api/cg-files/emergency')).body).toEqual({
      active: true,
      text: 'SECOND',
      before: null,
    });
  });

  it('puts nothing back when another desk ended the emergency first', async () => {
    const { owner, readCg } = await createStation(server);
    await owner.post('/api/cg-files/emergency', { content: 'STORM', headline: 'STORM' });
    await owner.post('/api/cg-files/emergency/end');
    const late = await owner.post<{ ended: boolean; restored?: boolean }>('/api/cg-files/emergency/end', {
      restore: { headline: 'Old', subheadline: 'Line' },
    });
    expect(late.body).toMatchObject({ ended: false });
    expect(late.body.restored).toBeUndefined();
    expect(readCg('headline')).toBe('STORM');
  });

  it('refuses a restore the headline rule refuses (400 naming the field), and a malformed restore', async () => {
    const { owner, readCg } = await createStation(server);
    await owner.post('/api/cg-files/emergency', { content: 'FIRE', headline: 'FIRE' });
    const bad = await owner.post<{ message: string }>('/api/cg-files/emergency/end', {
      restore: { headline: 'two\nlines', subheadline: '' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^restore\.headline: /);
    expect((await owner.post('/api/cg-files/emergency/end', { restore: 'yes' })).status).toBe(400);
    expect(readCg('emergency')).toBe('FIRE');
  });
});
