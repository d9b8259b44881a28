import { randomBytes } from 'node:crypto';
import { DEFAULT_OVERLAY_LAYOUT } from '../../shared/contracts/overlay';
import type { HostileCase } from './hostile-cases';

const uniq = (p: string) => `${p}_${randomBytes(4).toString('hex')}`;

/**
 * Valid bodies of the routes where a field may reach a file, a path or a name: each field in turn
 * made hostile while the rest stays valid, so the value reaches the service, not just the contract.
 */
export const VALID_BASES: Record<string, () => Record<string, unknown>> = {
  'POST /api/users': () => ({
    username: uniq('h'),
    password: 'password-1234',
    fullName: 'Hostile test',
    role: 'cameraman',
  }),
  'POST /api/companies': () => ({
    name: uniq('Station'),
    ownerUsername: uniq('o'),
    ownerPassword: 'password-1234',
    ownerFullName: 'Owner',
  }),
  'POST /api/news': () => ({ title: 'Hostile title', content: 'Hostile content' }),
  'POST /api/cg-files': () => ({ type: 'infoline', content: 'Info', fileName: 'infoline.txt' }),
  'POST /api/cg-files/update-direct': () => ({ type: 'headline', content: 'Headline' }),
  'PUT /api/settings': () => ({ cgOutputPath: './cg_output' }),
  'POST /api/app-version': () => ({
    latestVersion: '9.9.9',
    releaseNotes: 'Notes',
    downloadFileName: 'CGBridgeSetup.exe',
    downloadUrl: 'https://example.com/a.exe',
  }),
  'PUT /api/app-version': () => ({
    latestVersion: '9.9.9',
    releaseNotes: 'Notes',
    downloadFileName: 'CGBridgeSetup.exe',
    downloadUrl: 'https://example.com/a.exe',
  }),
  'PUT /api/google-sheets/settings': () => ({ spreadsheetId: '1AbCdEfGhIjKlMnOpQrStUvWxYz0123456789abcdEF' }),
  'POST /api/company/api-keys': () => ({ name: 'Hostile key', permissions: ['cg_files'] }),
  'POST /api/equipment': () => ({ name: 'Camera', code: uniq('CAM'), location: 'Store' }),
  'POST /api/prompters': () => ({ name: 'Hostile prompter' }),
  'PUT /api/outputs/overlay/layout': () => ({ ...DEFAULT_OVERLAY_LAYOUT }),
  // Disabled and at the discard port: a valid one is stored, never dialled.
  'POST /api/outputs': () => ({
    kind: 'vmix',
    name: uniq('Hostile vMix'),
    enabled: false,
    config: { url: 'http://127.0.0.1:9', input: 'Title', mapping: [{ type: 'headline', field: 'Headline.Text' }] },
  }),
};

const HOSTILE_VALUES: Array<[string, unknown]> = [
  ['path-like (POSIX)', '../../../../etc/passwd'],
  ['path-like (Windows)', 'C:\\Windows\\System32\\config\\SAM'],
  ['wrong type (object)', { $ne: null }],
];

/** Per field of a valid base: the field replaced by each hostile value, the rest left valid. */
export function fieldCases(base: () => Record<string, unknown>): HostileCase[] {
  return Object.keys(base()).flatMap((field) =>
    HOSTILE_VALUES.map(([what, value]) => ({
      label: `${field}: ${what}`,
      raw: JSON.stringify({ ...base(), [field]: value }),
    })),
  );
}
