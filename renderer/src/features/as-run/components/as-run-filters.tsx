import { Autocomplete, Button, Group, Select, SimpleGrid, TextInput } from '@mantine/core';
import { CG_WRITABLE_TYPES } from '@shared/constants';
import { AS_RUN_SOURCES } from '@shared/contracts/as-run';
import { nextDay, zonedDayStart } from '@shared/zoned-time';
import { useUsers } from '@/lib/api/users/get-users';

/** What the form holds: dates as the date inputs give them (YYYY-MM-DD, the browser's day). */
export interface AsRunForm {
  fromDay: string;
  toDay: string;
  type: string | null;
  userId: string | null;
  output: string;
  source: string | null;
}

export const EMPTY_FORM: AsRunForm = { fromDay: '', toDay: '', type: null, userId: null, output: '', source: null };

export const SOURCE_LABELS: Record<string, string> = {
  web: 'Web',
  phone: 'Phone',
  telegram: 'Telegram',
  prompter: 'Prompter',
  api_key: 'API key',
  system: 'System',
};

/** Outputs the log knows by name; an output of the output layer is typed in by its name. */
const KNOWN_OUTPUTS = ['files', 'overlay'];

interface AsRunFiltersProps {
  form: AsRunForm;
  onChange: (form: AsRunForm) => void;
}

/** Date range, type, user, output and source; every change applies at once (no Apply button to forget). */
export function AsRunFilters({ form, onChange }: AsRunFiltersProps) {
  const users = useUsers();
  const set = <K extends keyof AsRunForm>(key: K, value: AsRunForm[K]) => onChange({ ...form, [key]: value });
  const userOptions = (users.data ?? []).map((u) => ({ value: String(u.id), label: u.fullName || u.username }));
  const changed = JSON.stringify(form) !== JSON.stringify(EMPTY_FORM);
  return (
    <SimpleGrid
      cols={{ base: 1, xs: 2, md: 3, lg: 6 }}
      spacing="sm"
      verticalSpacing="xs"
      role="search"
      aria-label="Filter the as-run log"
    >
      <TextInput
        type="date"
        label="From"
        value={form.fromDay}
        onChange={(e) => set('fromDay', e.currentTarget.value)}
        max={form.toDay || undefined}
      />
      <TextInput
        type="date"
        label="To (including)"
        value={form.toDay}
        onChange={(e) => set('toDay', e.currentTarget.value)}
        min={form.fromDay || undefined}
      />
      <Select
        label="Type"
        placeholder="All types"
        data={[...CG_WRITABLE_TYPES]}
        value={form.type}
        onChange={(v) => set('type', v)}
        clearable
        searchable
      />
      <Select
        label="User"
        placeholder="Everyone"
        data={userOptions}
        value={form.userId}
        onChange={(v) => set('userId', v)}
        clearable
        searchable
        nothingFoundMessage="No such user"
      />
      <Autocomplete
        label="Output"
        placeholder="All outputs"
        data={KNOWN_OUTPUTS}
        value={form.output}
        onChange={(v) => set('output', v)}
      />
      <Select
        label="Source"
        placeholder="All sources"
        data={AS_RUN_SOURCES.map((s) => ({ value: s, label: SOURCE_LABELS[s] ?? s }))}
        value={form.source}
        onChange={(v) => set('source', v)}
        clearable
      />
      {changed && (
        <Group style={{ gridColumn: '1 / -1' }} justify="flex-end">
          <Button variant="subtle" size="compact-sm" onClick={() => onChange(EMPTY_FORM)}>
            Clear filters
          </Button>
        </Group>
      )}
    </SimpleGrid>
  );
}

/**
 * The station's day (issue 39: the days the page's times are shown in) → the API's moments:
 * from its start, to the start of the day after `toDay`.
 */
export function filtersOf(form: AsRunForm, zone: string) {
  return {
    from: form.fromDay ? zonedDayStart(form.fromDay, zone) : undefined,
    to: form.toDay ? zonedDayStart(nextDay(form.toDay), zone) : undefined,
    type: form.type ?? undefined,
    userId: form.userId ?? undefined,
    output: form.output.trim() || undefined,
    source: form.source ?? undefined,
  };
}
