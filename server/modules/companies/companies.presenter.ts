import type { Company } from '../../../shared/contracts/companies';
import type { CompanyRow } from '../../db/schema';

export function presentCompany(row: CompanyRow): Company {
  return {
    id: row.id,
    name: row.name,
    CompanyName: row.name,
    logo: row.logo,
    licenseKey: row.licenseKey,
    licenseExpiry: row.licenseExpiry,
    isActive: row.isActive,
    createdAt: row.createdAt,
  };
}
