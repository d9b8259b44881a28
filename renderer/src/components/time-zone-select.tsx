import { Group, Select, Text, type SelectProps } from '@mantine/core';
import { useMemo, useState } from 'react';
import { supportedTimeZones, timeZoneLabel, timeZoneOptions, utcOffsetText } from '@shared/time-zones';

interface TimeZoneSelectProps {
  label: string;
  value: string;
  onChange: (zone: string) => void;
  /** Listed right after UTC (the station's zone), so the usual choice is at hand. */
  first?: readonly string[];
  description?: string;
  error?: string;
  w?: number | string;
}

/**
 * Every IANA zone this browser knows (issue 22: the spec's five left out the station's own,
 * Indian/Maldives). Searchable by name; the offset now is shown beside each, as a hint only.
 */
export function TimeZoneSelect({
  label,
  value,
  onChange,
  first = [],
  description,
  error,
  w = 320,
}: TimeZoneSelectProps) {
  // Keyed by the names, not the array: callers may pass a new array each render.
  const firstKey = first.join('\n');
  const data = useMemo(
    () =>
      timeZoneOptions(supportedTimeZones(), [...firstKey.split('\n'), value]).map((zone) => ({
        value: zone,
        label: timeZoneLabel(zone),
      })),
    [firstKey, value],
  );
  const now = useMemo(() => new Date(), []);
  // The search text is ours: picking the zone already chosen (or closing the list) must put its
  // name back, not leave the typed fragment looking like the choice.
  const [search, setSearch] = useState(timeZoneLabel(value));
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    // A new value from outside (a reset after saving): show its name (React's render-time update).
    setShown(value);
    setSearch(timeZoneLabel(value));
  }
  const renderOption: SelectProps['renderOption'] = ({ option }) => (
    <Group justify="space-between" wrap="nowrap" w="100%" gap="xs">
      <Text size="sm">{option.label}</Text>
      <Text size="xs" c="dimmed">
        {utcOffsetText(option.value, now)}
      </Text>
    </Group>
  );
  return (
    <Select
      label={label}
      description={description}
      error={error}
      data={data}
      value={value}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      onOptionSubmit={(zone) => setSearch(timeZoneLabel(zone))}
      onDropdownClose={() => setSearch(timeZoneLabel(value))}
      allowDeselect={false}
      nothingFoundMessage="No time zone matches"
      maxDropdownHeight={280}
      renderOption={renderOption}
      w={w}
      onChange={(zone) => zone && onChange(zone)}
    />
  );
}
