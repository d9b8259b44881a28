interface Member {
  companyId: number;
  userId: number;
  role: string;
}

interface Online {
  sockets: number;
  /** Counted as MCR when the user's first socket came (so the way out matches the way in). */
  mcr: boolean;
}

interface CompanyPresence {
  users: Map<number, Online>;
  /** Distinct MCR users online (a counter: the dashboard asks on every stats read). */
  mcr: number;
}

/**
 * Who is connected, per company, as counters kept on join/leave — the dashboard's "online" and
 * "Online MCR" are O(1) reads, not a walk over every socket. The role is the session's when the
 * user's first socket authenticated; a role change shows from the user's next connection.
 */
export class PresenceCounter {
  private readonly companies = new Map<number, CompanyPresence>();

  /** Counts a socket in; true when it is the user's first (the user came online). */
  add({ companyId, userId, role }: Member): boolean {
    let company = this.companies.get(companyId);
    if (!company) {
      company = { users: new Map(), mcr: 0 };
      this.companies.set(companyId, company);
    }
    const online = company.users.get(userId);
    if (online) {
      online.sockets += 1;
      return false;
    }
    company.users.set(userId, { sockets: 1, mcr: role === 'mcr' });
    if (role === 'mcr') company.mcr += 1;
    return true;
  }

  /** Counts a socket out; true when it was the user's last (the user went offline). */
  remove({ companyId, userId }: Pick<Member, 'companyId' | 'userId'>): boolean {
    const company = this.companies.get(companyId);
    const online = company?.users.get(userId);
    if (!company || !online) return false;
    online.sockets -= 1;
    if (online.sockets > 0) return false;
    company.users.delete(userId);
    if (online.mcr) company.mcr -= 1;
    if (company.users.size === 0) this.companies.delete(companyId);
    return true;
  }

  users(companyId: number): number {
    return this.companies.get(companyId)?.users.size ?? 0;
  }

  mcr(companyId: number): number {
    return this.companies.get(companyId)?.mcr ?? 0;
  }
}
