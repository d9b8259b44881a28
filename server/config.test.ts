import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { configFromEnv } from './config';

describe('configFromEnv', () => {
  it('treats empty variables as unset, as shells and compose files produce them', () => {
    const config = configFromEnv(
      { OWNER_ROLETYPE: '', PORT: '', LOG_LEVEL: ' ', OWNER_PASSWORD: '', COMPANY_NAME: '' },
      '/srv',
    );
    expect(config.firstRun).toEqual({
      companyName: 'My Station',
      ownerUsername: 'owner',
      ownerPassword: undefined,
      ownerRoletype: 'user',
    });
    expect(config.port).toBe(3000);
    expect(config.logLevel).toBe('info');
    expect(config.dataDir).toBe(path.resolve('/srv', './data'));
  });

  it('still names a variable that is set to something invalid', () => {
    expect(() => configFromEnv({ OWNER_ROLETYPE: 'root' })).toThrow(/OWNER_ROLETYPE/);
    expect(() => configFromEnv({ PORT: 'abc' })).toThrow(/PORT/);
  });
});
