import {
  saveAppVersionSchema,
  type AppVersion,
  type SaveAppVersionInput,
  type UploadedAppFile,
} from '@shared/contracts/app-versions';

/** The form as typed: every field a string except the switch. */
export interface AppVersionFormValues {
  latestVersion: string;
  releaseNotes: string;
  downloadFileName: string;
  downloadUrl: string;
  fileSize: string;
  checksum: string;
  isPublic: boolean;
  /** Create only, devs only: whose version this is ('' = the caller's own). */
  companyId: string;
  targetCompanies: string[];
}

export type FieldErrors = Partial<Record<keyof AppVersionFormValues, string>>;

export const emptyForm = (): AppVersionFormValues => ({
  latestVersion: '',
  releaseNotes: '',
  downloadFileName: '',
  downloadUrl: '',
  fileSize: '',
  checksum: '',
  isPublic: true,
  companyId: '',
  targetCompanies: [],
});

export function formFromVersion(v: AppVersion): AppVersionFormValues {
  return {
    latestVersion: v.latestVersion,
    releaseNotes: v.releaseNotes,
    downloadFileName: v.downloadFileName,
    downloadUrl: v.downloadUrl ?? '',
    fileSize: v.fileSize === null ? '' : String(v.fileSize),
    checksum: v.checksum ?? '',
    isPublic: v.isPublic,
    companyId: String(v.companyId),
    targetCompanies: v.targetCompanies.map(String),
  };
}

/** What an upload answer fills in (docs/product.md §Data: originalName, downloadUrl, fileSize, checksum). */
export function withUploadedFile(values: AppVersionFormValues, file: UploadedAppFile): AppVersionFormValues {
  return {
    ...values,
    downloadFileName: file.originalName,
    downloadUrl: file.downloadUrl,
    fileSize: String(file.fileSize),
    checksum: file.checksum,
  };
}

/**
 * The body for POST/PUT, checked with the same contract the server uses, so the spec's texts
 * ('Version is required', ...) show under their fields before anything is sent. An edit keeps
 * the version's company. Only developer accounts may offer a version to other companies (the
 * server refuses anyone else with 403), so for everyone else the targets go out empty: an owner
 * editing a version a developer shared keeps it for the own station only.
 */
export function toSaveInput(
  values: AppVersionFormValues,
  existing: AppVersion | null,
  mayTarget: boolean,
): { ok: true; body: SaveAppVersionInput } | { ok: false; errors: FieldErrors } {
  const body: SaveAppVersionInput = {
    latestVersion: values.latestVersion,
    releaseNotes: values.releaseNotes,
    downloadFileName: values.downloadFileName,
    downloadUrl: values.downloadUrl.trim() || null,
    fileSize:
      values.fileSize.trim() === ''
        ? null
        : /^\d+$/.test(values.fileSize.trim())
          ? Number(values.fileSize.trim())
          : values.fileSize.trim(),
    checksum: values.checksum.trim() || null,
    isPublic: values.isPublic,
    targetCompanies: mayTarget ? values.targetCompanies.map(Number) : [],
    ...(existing ? { companyId: existing.companyId } : values.companyId ? { companyId: Number(values.companyId) } : {}),
  };
  const parsed = saveAppVersionSchema.safeParse(body);
  if (parsed.success) return { ok: true, body };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof AppVersionFormValues;
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}
