import { LIMITS } from '@csp/contracts';
import {
  Button,
  Group,
  Loader,
  NativeSelect,
  Select,
  SimpleGrid,
  Stack,
  type ComboboxItem,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { IconX } from '@tabler/icons-react';
import { DateField } from '../../../components/DateField.tsx';
import { MONTH_OPTIONS } from '../../../lib/listParams.ts';
import { StudentPicker } from '../../students/components/StudentPicker.tsx';
import { userKeys, usersApi, useUsersQuery } from '../../users/api/users.api.ts';
import {
  GIFT_STATUS_OPTIONS,
  giftYearOptions,
  type GiftFilterKey,
  type GiftFilters,
} from '../gift-filters.ts';

/** How many matching teachers the teacher filter lists at a time (type to narrow). */
const TEACHER_CHOICES = 50;

/**
 * Administrators filter by teacher: type a name (searched on the server, 300 ms after typing stops),
 * so every teacher can be found however many there are.
 */
function TeacherFilter({ value, onChange }: { value: string; onChange: (id: string) => void }) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), LIMITS.searchDebounceMs);
  const [chosen, setChosen] = useState<ComboboxItem | null>(null);
  // After a choice the box shows the chosen name: that is not a new search.
  const text = chosen && debounced === chosen.label ? '' : debounced;
  const teachers = useUsersQuery({
    role: 'TEACHER',
    search: text || undefined,
    page: 1,
    limit: TEACHER_CHOICES,
  });
  const options: ComboboxItem[] = (teachers.data?.items ?? []).map((t) => ({
    value: t.id,
    label: `${t.firstName} ${t.lastName}`,
  }));
  // A teacher kept in the address may be beyond the first matches.
  const known = options.some((o) => o.value === value) || chosen?.value === value;
  const preset = useQuery({
    queryKey: userKeys.detail(value),
    queryFn: () => usersApi.get(value),
    enabled: Boolean(value) && !known && teachers.isSuccess,
    meta: { silent: true },
  });
  const selected =
    chosen?.value === value
      ? chosen
      : preset.data?.id === value
        ? { value, label: `${preset.data.firstName} ${preset.data.lastName}` }
        : null;
  if (selected && !options.some((o) => o.value === selected.value)) options.unshift(selected);
  return (
    <Select
      label="Teacher"
      placeholder="All teachers"
      searchable
      clearable
      clearButtonProps={{ 'aria-label': 'Clear teacher' }}
      data={options}
      value={value || null}
      onChange={(id, option) => {
        setChosen(id ? option : null);
        onChange(id ?? '');
      }}
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      nothingFoundMessage={teachers.isFetching ? 'Searching...' : 'No teachers found'}
      rightSection={teachers.isFetching ? <Loader size="xs" aria-hidden /> : undefined}
      maxDropdownHeight={280}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/**
 * The gift list's filters (spec part 2 §2.3): year, month and a specific date (on the gift's date),
 * status, student (a teacher picks among their own) and teacher (administrators only).
 */
export function GiftFilterFields({
  filters,
  onChange,
  thisYear,
  teacherId,
  withTeacher,
  onClear,
}: {
  filters: GiftFilters;
  onChange: (key: GiftFilterKey, value: string) => void;
  /** The organisation's year: the year choices are counted from it. */
  thisYear: number;
  /** A teacher's own id: the student choices are theirs. */
  teacherId?: string;
  withTeacher: boolean;
  /** 'Clear filters', shown when a filter is set. */
  onClear?: () => void;
}) {
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: withTeacher ? 6 : 5 }} spacing="sm">
        <NativeSelect
          label="Year"
          data={giftYearOptions(thisYear, filters.year)}
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
        <NativeSelect
          label="Status"
          data={GIFT_STATUS_OPTIONS}
          value={filters.status ?? ''}
          onChange={(e) => onChange('status', e.currentTarget.value)}
        />
        <StudentPicker
          teacherId={teacherId}
          placeholder="All students"
          clearable
          clearButtonProps={{ 'aria-label': 'Clear student' }}
          value={filters.student ?? ''}
          onChange={(id) => onChange('student', id)}
        />
        {withTeacher && (
          <TeacherFilter value={filters.teacherId ?? ''} onChange={(v) => onChange('teacherId', v)} />
        )}
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
