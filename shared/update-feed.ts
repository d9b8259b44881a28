import { z } from 'zod';

/**
 * The station's update feed (issue 23): electron-updater's generic-provider `latest.yml`, built
 * by the server from the company's App Version record and read back by the desktop host. Besides
 * electron-updater's own fields (version, files[{url, sha512, size}], path, sha512, releaseDate)
 * it carries our SHA-256 (`sha256`), which the host checks on the downloaded file before anything
 * runs — a second check, independent of electron-updater's sha512.
 */

/** The channel file electron-updater's generic provider asks for on Windows (the MCR PC). */
export const UPDATE_FEED_FILE = 'latest.yml';

export interface UpdateFeedInput {
  version: string;
  releaseNotes: string;
  releaseDate: string;
  /** Path of the installer relative to the feed's folder; its last part is the file name. */
  url: string;
  size: number;
  sha512: string;
  sha256: string;
}

const hex64 = z.string().regex(/^[0-9a-f]{64}$/i, 'sha256 must be 64 hex digits');
const base64Sha512 = z.string().regex(/^[A-Za-z0-9+/]{86}==$/, 'sha512 must be base64 of 64 bytes');

const fileSchema = z.object({
  url: z.string().min(1),
  sha512: base64Sha512,
  size: z.number().int().positive(),
  sha256: hex64,
});

/** What the host needs from electron-updater's parsed UpdateInfo; anything else is refused. */
export const updateFeedSchema = z.object({
  version: z.string().min(1),
  files: z.array(fileSchema).min(1),
  path: z.string().min(1),
  sha512: base64Sha512,
  sha256: hex64,
  releaseDate: z.string().min(1),
  releaseNotes: z.string().optional(),
});
export type UpdateFeed = z.infer<typeof updateFeedSchema>;

export function buildUpdateFeed(input: UpdateFeedInput): UpdateFeed {
  const file = { url: input.url, sha512: input.sha512, size: input.size, sha256: input.sha256.toLowerCase() };
  return {
    version: input.version,
    files: [file],
    // Deprecated in electron-updater but still read by older clients: kept equal to files[0].
    path: file.url,
    sha512: file.sha512,
    sha256: file.sha256,
    releaseDate: input.releaseDate,
    releaseNotes: input.releaseNotes,
  };
}

/**
 * YAML text of a feed. Every string is written as a JSON string, which YAML reads as the same
 * double-quoted scalar: a version, a file name or release notes with `:`, `#`, quotes or line
 * breaks cannot change the document's shape.
 */
export function renderUpdateFeed(feed: UpdateFeed): string {
  const scalar = (v: string | number) => (typeof v === 'number' ? String(v) : JSON.stringify(v));
  const file = feed.files[0];
  const lines = [
    `version: ${scalar(feed.version)}`,
    'files:',
    ...feed.files.flatMap((f) => [
      `  - url: ${scalar(f.url)}`,
      `    sha512: ${scalar(f.sha512)}`,
      `    size: ${f.size}`,
      `    sha256: ${scalar(f.sha256)}`,
    ]),
    `path: ${scalar(file?.url ?? feed.path)}`,
    `sha512: ${scalar(feed.sha512)}`,
    `sha256: ${scalar(feed.sha256)}`,
    `releaseDate: ${scalar(feed.releaseDate)}`,
  ];
  if (feed.releaseNotes !== undefined) lines.push(`releaseNotes: ${scalar(feed.releaseNotes)}`);
  return `${lines.join('\n')}\n`;
}

/** The feed as the host reads it (electron-updater's UpdateInfo), or why it cannot be trusted. */
export function parseUpdateFeed(info: unknown): { ok: true; feed: UpdateFeed } | { ok: false; error: string } {
  const parsed = updateFeedSchema.safeParse(info);
  if (!parsed.success)
    return {
      ok: false,
      error: `The update feed is not usable: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    };
  const [file] = parsed.data.files;
  // Our SHA-256 must describe the same file electron-updater downloads, not some other entry.
  if (file && (file.sha256 !== parsed.data.sha256.toLowerCase() || file.sha512 !== parsed.data.sha512)) {
    return { ok: false, error: 'The update feed is not usable: its checksums disagree' };
  }
  return { ok: true, feed: parsed.data };
}

/**
 * The App Version's text as electron-updater needs it (semver): "v2.1.0" → "2.1.0", "2.1" →
 * "2.1.0". Anything else is null — the feed is then withheld rather than crash the updater.
 */
export function feedVersion(latestVersion: string): string | null {
  const m = /^v?(\d+)\.(\d+)(?:\.(\d+))?((?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?)$/.exec(latestVersion.trim());
  if (!m) return null;
  return `${Number(m[1])}.${Number(m[2])}.${Number(m[3] ?? 0)}${m[4] ?? ''}`;
}
