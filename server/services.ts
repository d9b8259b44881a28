import type { AppContext } from './context';
import { AuthService } from './modules/auth/auth.service';
import { CompaniesService } from './modules/companies/companies.service';
import { UsersService } from './modules/users/users.service';

/** Every feature service, wired once. Later features add theirs here. */
export interface Services {
  auth: AuthService;
  users: UsersService;
  companies: CompaniesService;
}

export function createServices(ctx: AppContext): Services {
  const auth = new AuthService(ctx);
  return {
    auth,
    users: new UsersService(ctx, auth),
    companies: new CompaniesService(ctx),
  };
}
