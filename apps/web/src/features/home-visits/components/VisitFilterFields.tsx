import { Button, Group, NativeSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { IconSearch, IconX } from '@tabler/icons-react';
import { DateField } from '../../../components/DateField.tsx';
import { MONTH_OPTIONS } from '../../../lib/listParams.ts';
import { LOCATION_OPTIONS, STATUS_OPTIONS, yearOptions, type VisitFilters } from '../home-visit-filters.ts';
import { useVisitYearsQuery } from '../api/home-visits.api.ts';

export type FilterKey = 'year' | 'month' | 'date' | 'status' | 'location';

/**
 * The filters of the visit list and the review queue: year (the years with visits), month, a specific
 * date, status (list) and location; the review queue adds a search by student or teacher name.
 */
export function VisitFilterFields({
  filters,
  onChange,
  withStatus,
  search,
  onClear,
}: {
  filters: VisitFilters;
  onChange: (key: FilterKey, value: string) => void;
  withStatus?: boolean;
  /** The search box (its text as typed and its change), on the review queue. */
  search?: { text: string; onChange: (text: string) => void };
  /** 'Clear filters', shown when a filter is set. */
  onClear?: () => void;
}) {
  const years = useVisitYearsQuery();
  return (
    <Stack gap="sm">
      {search && (
        <TextInput
          label="Search by student or teacher"
          placeholder="Name"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search.text}
          onChange={(e) => search.onChange(e.currentTarget.value)}
          type="search"
        />
      )}
      <SimpleGrid cols={{ base: 1, xs: 2, md: withStatus ? 5 : 4 }} spacing="sm">
        <NativeSelect
          label="Year"
          data={yearOptions(years.data ?? [], filters.year)}
          value={filters.year === undefined ? '' : String(filters.year)}
          onChange={(e) => onChange('year', e.currentTarget.value)}
        />
        <NativeSelect
          label="Month"
          data={MONTH_OPTIONS}
          value={filters.month === undefined ? '' : String(filters.month)}
          onChange={(e) => onChange('month', e.currentTarget.value)}
        />
        <DateField
          label="Specific date"
          placeholder="Any date"
          value={filters.date ?? ''}
          onChange={(v) => onChange('date', v)}
        />
        {withStatus && (
          <NativeSelect
            label="Status"
            data={STATUS_OPTIONS}
            value={filters.status ?? ''}
            onChange={(e) => onChange('status', e.currentTarget.value)}
          />
        )}
        <NativeSelect
          label="Location"
          data={LOCATION_OPTIONS}
          value={filters.location ?? ''}
          onChange={(e) => onChange('location', e.currentTarget.value)}
        />
      </SimpleGrid>
      {onClear && (
        <Group justify="flex-end">
          <Button variant="subtle" size="xs" onClick={onClear} leftSection={<IconX size={14} aria-hidden />}>
            Clear filters
          </Button>
        </Group>
      )}
    </Stack>
  );
}
