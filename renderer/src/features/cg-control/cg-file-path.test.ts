import { describe, expect, it } from 'vitest';
import { cgFilePathOf } from './cg-file-path';

describe('cgFilePathOf (issue 39 point 6)', () => {
  it('joins the station folder and <type>.txt with the folder’s own separator', () => {
    expect(cgFilePathOf('/srv/cg/station-2', 'timer')).toBe('/srv/cg/station-2/timer.txt');
    expect(cgFilePathOf('C:\\Graphics\\Station A', 'timer')).toBe('C:\\Graphics\\Station A\\timer.txt');
    expect(cgFilePathOf('/srv/cg/', 'headline')).toBe('/srv/cg/headline.txt');
  });

  it('names the file alone while the folder is not known', () => {
    expect(cgFilePathOf(null, 'score1')).toBe('score1.txt');
  });
});
