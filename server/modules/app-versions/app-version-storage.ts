import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Clock } from '../../lib/clock';
import type { Logger } from '../../lib/logger';

/** A download ticket lives this long: enough to start a download, too short to be worth sharing. */
export const TICKET_TTL_MS = 10 * 60 * 1000;
const FILE_ID = /^[0-9a-f]{32}$/;

/**
 * Where uploaded installers live (`<DATA_DIR>/app-versions/<id>`) and the signed tickets that let
 * a plain browser link (which cannot send the bearer token) download one. The ticket secret is
 * made at start, so a restart voids every ticket — they are minutes long anyway.
 */
export class AppVersionStorage {
  readonly dir: string;
  private readonly secret = randomBytes(32);

  constructor(
    dataDir: string,
    private readonly clock: Clock,
    logger: Logger,
  ) {
    this.dir = path.join(dataDir, 'app-versions');
    fs.mkdirSync(this.dir, { recursive: true });
    this.removeLeftoverParts(logger);
  }

  static isFileId(id: string): boolean {
    return FILE_ID.test(id);
  }

  pathOf(fileId: string): string {
    if (!AppVersionStorage.isFileId(fileId)) throw new Error(`not a file id: ${fileId}`);
    return path.join(this.dir, fileId);
  }

  /**
   * `<exp>.<userId>.<hmac>` for this file and user; the HMAC also binds the user's company, so a
   * ticket only holds while its user belongs to the company it was made in.
   */
  issueTicket(fileId: string, userId: number, companyId: number): string {
    const exp = this.clock.now().getTime() + TICKET_TTL_MS;
    return `${exp}.${userId}.${this.sign(fileId, exp, userId, companyId)}`;
  }

  /** The user an unexpired, well-formed ticket names — not yet proven genuine (verifyTicket). */
  ticketUser(ticket: string): number | null {
    const parts = parseTicket(ticket);
    return parts && parts.exp > this.clock.now().getTime() ? parts.userId : null;
  }

  /** True when the ticket was made here for this file, for its user in `companyId`, and has not expired. */
  verifyTicket(fileId: string, ticket: string, companyId: number): boolean {
    const parts = parseTicket(ticket);
    if (!parts || parts.exp <= this.clock.now().getTime()) return false;
    const expected = Buffer.from(this.sign(fileId, parts.exp, parts.userId, companyId), 'hex');
    return timingSafeEqual(expected, Buffer.from(parts.mac, 'hex'));
  }

  private sign(fileId: string, exp: number, userId: number, companyId: number): string {
    return createHmac('sha256', this.secret).update(`${fileId}\n${exp}\n${userId}\n${companyId}`).digest('hex');
  }

  /** A crash or a kill mid-upload leaves `.<id>.part` files; they are never valid, so they go at start. */
  private removeLeftoverParts(logger: Logger): void {
    for (const name of fs.readdirSync(this.dir)) {
      if (!/^\..+\.part$/.test(name)) continue;
      fs.rmSync(path.join(this.dir, name), { force: true });
      logger.warn('removed an unfinished app-version upload', { file: name });
    }
  }
}

function parseTicket(ticket: string): { exp: number; userId: number; mac: string } | null {
  const match = /^(\d{1,16})\.(\d{1,15})\.([0-9a-f]{64})$/.exec(ticket);
  return match ? { exp: Number(match[1]), userId: Number(match[2]), mac: match[3] ?? '' } : null;
}
