import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Store } from '../../db/store';
import type { Clock } from '../../lib/clock';
import { StoreSecretsRepo } from './store-secrets.repo';

/** A download ticket lives this long: enough to start a download, too short to be worth sharing. */
export const TICKET_TTL_MS = 10 * 60 * 1000;
/** The store_secrets row the tickets are signed with. */
export const TICKET_SECRET_NAME = 'download_tickets';

/**
 * The signed tickets that let a plain browser link (which cannot send the bearer token) download
 * an installer: `<exp>.<userId>.<hmac>`. The key is the store's (store_secrets), made by whichever
 * server needs it first, so a link made on one server of a PostgreSQL store opens on every other
 * one and after a takeover (issue 43); on SQLite tickets simply outlive a restart.
 */
export class DownloadTickets {
  private secret: Promise<Buffer> | null = null;

  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
  ) {}

  /** The HMAC also binds the user's company: a ticket only holds while its user belongs to it. */
  async issue(fileId: string, userId: number, companyId: number): Promise<string> {
    const exp = this.clock.now().getTime() + TICKET_TTL_MS;
    return `${exp}.${userId}.${await this.sign(fileId, exp, userId, companyId)}`;
  }

  /** The user an unexpired, well-formed ticket names — not yet proven genuine (verify). */
  userOf(ticket: string): number | null {
    const parts = parseTicket(ticket);
    return parts && parts.exp > this.clock.now().getTime() ? parts.userId : null;
  }

  /** True when the ticket was made for this file, for its user in `companyId`, and has not expired. */
  async verify(fileId: string, ticket: string, companyId: number): Promise<boolean> {
    const parts = parseTicket(ticket);
    if (!parts || parts.exp <= this.clock.now().getTime()) return false;
    const expected = Buffer.from(await this.sign(fileId, parts.exp, parts.userId, companyId), 'hex');
    return timingSafeEqual(expected, Buffer.from(parts.mac, 'hex'));
  }

  private async sign(fileId: string, exp: number, userId: number, companyId: number): Promise<string> {
    return createHmac('sha256', await this.key())
      .update(`${fileId}\n${exp}\n${userId}\n${companyId}`)
      .digest('hex');
  }

  /** Read (or made) once per process; a store that did not answer is asked again next time. */
  private key(): Promise<Buffer> {
    this.secret ??= this.store
      .write('server', (tx) =>
        new StoreSecretsRepo(tx).getOrCreate(TICKET_SECRET_NAME, randomBytes(32).toString('hex')),
      )
      .then((hex) => Buffer.from(hex, 'hex'));
    this.secret.catch(() => (this.secret = null));
    return this.secret;
  }
}

function parseTicket(ticket: string): { exp: number; userId: number; mac: string } | null {
  const match = /^(\d{1,16})\.(\d{1,15})\.([0-9a-f]{64})$/.exec(ticket);
  return match ? { exp: Number(match[1]), userId: Number(match[2]), mac: match[3] ?? '' } : null;
}
