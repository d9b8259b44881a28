import { z } from 'zod';
import { APP_VERSION_LIMITS, APP_VERSION_MAX_UPLOAD_BYTES } from '../constants';
import { positiveId, requiredText } from './common';

/** App version (docs/product.md §Data): one per company. */
export const appVersionSchema = z.object({
  id: z.number(),
  companyId: z.number(),
  /** For the All Company Versions table's Company column. */
  companyName: z.string(),
  latestVersion: z.string(),
  releaseNotes: z.string(),
  downloadFileName: z.string(),
  downloadUrl: z.string().nullable(),
  /** Bytes. */
  fileSize: z.number().nullable(),
  /** SHA-256, hex. */
  checksum: z.string().nullable(),
  isPublic: z.boolean(),
  targetCompanies: z.array(z.number()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AppVersion = z.infer<typeof appVersionSchema>;

const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullable()
    .optional()
    .transform((v) => (v ? v : null));

/**
 * Where Download sends other users (a dev sees every station's version): an http(s) link, or one
 * of our uploads (/api/app-version/files/<id>). Never javascript:, data:, file: or a path.
 */
const DOWNLOAD_URL = /^(https?:\/\/[^\s]+|\/api\/app-version\/files\/[0-9a-f]{32})$/i;
const downloadUrl = optionalText(APP_VERSION_LIMITS.url, 'Download URL').refine(
  (v) => v === null || DOWNLOAD_URL.test(v),
  'Download URL must be an http:// or https:// link, or an uploaded file',
);

/** POST /api/app-version and PUT /api/app-version (form fields; URL, size and checksum optional). */
export const saveAppVersionSchema = z.object({
  latestVersion: requiredText('Version is required', APP_VERSION_LIMITS.version),
  releaseNotes: requiredText('Release notes are required', APP_VERSION_LIMITS.releaseNotes),
  downloadFileName: requiredText('Download filename is required', APP_VERSION_LIMITS.fileName),
  downloadUrl,
  fileSize: z.coerce
    .number({ error: 'File size must be a number of bytes' })
    .int('File size must be whole bytes')
    .min(0, 'File size cannot be negative')
    .max(APP_VERSION_MAX_UPLOAD_BYTES, 'File size cannot be more than 500MB')
    .nullable()
    .optional(),
  checksum: z
    .string()
    .trim()
    .regex(/^([0-9a-fA-F]{64})?$/, 'Checksum must be a SHA-256 in hex (64 characters)')
    .nullable()
    .optional()
    .transform((v) => (v ? v.toLowerCase() : null)),
  isPublic: z.boolean().default(true),
  targetCompanies: z.array(z.number().int().positive()).max(1000).default([]),
  /**
   * Which company's version this is. Only a dev may name another company; for everyone else the
   * session's company is used (the old client sent it and trusted it).
   */
  companyId: z.number().int().positive().optional(),
});
export type SaveAppVersionInput = z.input<typeof saveAppVersionSchema>;

/** POST /api/app-version/upload answer (docs/product.md §Data). */
export const uploadedAppFileSchema = z.object({
  originalName: z.string(),
  downloadUrl: z.string(),
  fileSize: z.number(),
  checksum: z.string(),
});
export type UploadedAppFile = z.infer<typeof uploadedAppFileSchema>;

/** DELETE /api/app-version/{companyId}. */
export const appVersionCompanyParamSchema = z.object({ companyId: positiveId('companyId') });
