import { MultiSelect, Select, SimpleGrid } from '@mantine/core';
import type { AppVersion } from '@shared/contracts/app-versions';
import { useAllCompanies } from '../api/get-all-companies';
import { useAllAppVersions } from '../api/get-all-app-versions';

interface CompanyFieldsProps {
  /** Create mode lets a dev choose the company; an edit keeps it. */
  creating: boolean;
  ownCompanyId: number;
  companyId: string;
  targetCompanies: string[];
  onCompanyChange: (companyId: string) => void;
  onTargetsChange: (ids: string[]) => void;
}

/**
 * Devs only (the company list is theirs to read): which company the version is for, and which
 * other companies without their own version fall back to it while it is public.
 */
export function CompanyFields({
  creating,
  ownCompanyId,
  companyId,
  targetCompanies,
  onCompanyChange,
  onTargetsChange,
}: CompanyFieldsProps) {
  const companies = useAllCompanies(true);
  const versions = useAllAppVersions(true);
  const hasVersion = new Set((versions.data ?? []).map((v: AppVersion) => v.companyId));
  const selected = companyId || String(ownCompanyId);
  const options = (companies.data ?? []).map((c) => ({
    value: String(c.id),
    label: hasVersion.has(c.id) && creating ? `${c.name} (has a version)` : c.name,
    disabled: creating && hasVersion.has(c.id),
  }));
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <Select
        label="Company"
        data={options}
        value={selected}
        disabled={!creating}
        allowDeselect={false}
        onChange={(v) => v && onCompanyChange(v)}
      />
      <MultiSelect
        label="Target Companies"
        placeholder={targetCompanies.length ? undefined : 'None'}
        data={options
          .filter((o) => o.value !== selected)
          .map((o) => ({ value: o.value, label: o.label.replace(' (has a version)', '') }))}
        value={targetCompanies}
        onChange={onTargetsChange}
        searchable
        clearable
      />
    </SimpleGrid>
  );
}
