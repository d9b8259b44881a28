import type { AppVersion, UploadedAppFile } from '../../../shared/contracts/app-versions';
import type { AppVersionFileRow } from '../../db/schema';
import type { AppVersionWithCompany } from './app-versions.repo';

/** Where an uploaded installer is downloaded from (and how a version points at it). */
export const fileDownloadPath = (fileId: string) => `/api/app-version/files/${fileId}`;

/** The file id a version's downloadUrl names, if it points at one of our uploads. */
export function fileIdOf(downloadUrl: string | null): string | null {
  return /^\/api\/app-version\/files\/([0-9a-f]{32})(?:[?#].*)?$/.exec(downloadUrl ?? '')?.[1] ?? null;
}

export function presentAppVersion({ version, companyName }: AppVersionWithCompany): AppVersion {
  return {
    id: version.id,
    companyId: version.companyId,
    companyName,
    latestVersion: version.latestVersion,
    releaseNotes: version.releaseNotes,
    downloadFileName: version.downloadFileName,
    downloadUrl: version.downloadUrl,
    fileSize: version.fileSize,
    checksum: version.checksum,
    isPublic: version.isPublic,
    targetCompanies: version.targetCompanies,
    createdAt: version.createdAt,
    updatedAt: version.updatedAt,
  };
}

export function presentUploadedFile(row: AppVersionFileRow): UploadedAppFile {
  return {
    originalName: row.originalName,
    downloadUrl: fileDownloadPath(row.id),
    fileSize: row.fileSize,
    checksum: row.checksum,
  };
}
