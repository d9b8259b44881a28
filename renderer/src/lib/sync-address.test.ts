import { describe, expect, it } from 'vitest';
import { syncOrigins, syncUrl } from './sync-address';

describe('the sync URL’s address (issue 22 point 21)', () => {
  it('on localhost: the server’s LAN addresses, first one first', () => {
    expect(syncOrigins('http://localhost:3000', ['http://192.168.1.20:3000', 'http://10.0.0.7:3000'])).toEqual({
      origins: ['http://192.168.1.20:3000', 'http://10.0.0.7:3000'],
      onlyLoopback: false,
    });
  });

  it('opened over the network: that address first, the others after, no duplicates', () => {
    expect(
      syncOrigins('http://192.168.1.20:3000', ['http://192.168.1.20:3000', 'http://10.0.0.7:3000']).origins,
    ).toEqual(['http://192.168.1.20:3000', 'http://10.0.0.7:3000']);
    expect(syncOrigins('http://mcr-pc.local:3000', ['http://192.168.1.20:3000']).origins).toEqual([
      'http://mcr-pc.local:3000',
      'http://192.168.1.20:3000',
    ]);
  });

  it('only loopback known: localhost, flagged so the dialog warns', () => {
    expect(syncOrigins('http://127.0.0.1:3000', [])).toEqual({
      origins: ['http://127.0.0.1:3000'],
      onlyLoopback: true,
    });
    expect(syncOrigins('http://localhost:3000', ['http://127.0.0.1:3000'])).toEqual({
      origins: ['http://localhost:3000'],
      onlyLoopback: true,
    });
  });

  it('puts the key in the query, encoded', () => {
    expect(syncUrl('cgb_a+b', 'http://192.168.1.20:3000')).toBe(
      'http://192.168.1.20:3000/api/cg-files/sync?apiKey=cgb_a%2Bb',
    );
  });
});
