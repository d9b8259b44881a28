import { describe, expect, it } from 'vitest';
import type { AppVersion } from '@shared/contracts/app-versions';
import { formFromVersion, toSaveInput } from './app-version-form-values';

/** A version a developer shared with stations 2 and 3 (what an owner of station 1 may open to edit). */
const shared: AppVersion = {
  id: 7,
  companyId: 1,
  companyName: 'Station One',
  latestVersion: '2.1.0',
  releaseNotes: 'Fixes',
  downloadFileName: 'CG-Bridge-Setup-2.1.0.exe',
  downloadUrl: 'https://example.com/setup.exe',
  fileSize: 1024,
  checksum: null,
  isPublic: true,
  targetCompanies: [2, 3],
  createdAt: '2026-11-28T10:00:00.000Z',
  updatedAt: '2026-11-28T10:00:00.000Z',
};

describe('app version form: who may offer a version to other companies', () => {
  it('sends the targets of a developer account', () => {
    const out = toSaveInput(formFromVersion(shared), shared, true);
    expect(out.ok && out.body.targetCompanies).toEqual([2, 3]);
  });

  it('sends no targets for anyone else, so an owner can save a version a developer shared', () => {
    const out = toSaveInput(formFromVersion(shared), shared, false);
    expect(out.ok && out.body.targetCompanies).toEqual([]);
  });
});
