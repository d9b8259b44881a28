import { describe, expect, it } from 'vitest';
import { maskedUrl, scrubbed } from './masked-url';

describe('a connection string as shown and logged (issue 42)', () => {
  it('hides the password wherever the string carries one, and only the password', () => {
    expect(maskedUrl('postgres://cgbridge:s3cret@db.lan:5432/cgbridge')).toBe(
      'postgres://cgbridge:***@db.lan:5432/cgbridge',
    );
    expect(maskedUrl('postgresql://cgbridge:p@ss:w@rd@db.lan/cgbridge?sslmode=require')).toBe(
      'postgresql://cgbridge:***@db.lan/cgbridge?sslmode=require',
    );
    expect(maskedUrl('postgres://cgbridge@db.lan/cgbridge?password=s3cret&sslpassword=k3y')).toBe(
      'postgres://cgbridge@db.lan/cgbridge?password=***&sslpassword=***',
    );
    expect(maskedUrl('postgres://db.lan/cgbridge')).toBe('postgres://db.lan/cgbridge');
    expect(maskedUrl('postgres://cgbridge@db.lan/cgbridge')).toBe('postgres://cgbridge@db.lan/cgbridge');
  });

  it('scrubs the password, raw or percent-decoded, from a driver message', () => {
    const url = 'postgres://cgbridge:p%40ss@db.lan/cgbridge';
    expect(scrubbed('could not use p%40ss nor p@ss', url)).toBe('could not use *** nor ***');
  });
});
