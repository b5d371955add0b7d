import { CATEGORY_LABELS, LIMITS, type StudentCategory } from '@csp/contracts';
import { Group, Loader, Select, Text, type ComboboxItem, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useOnline } from '../../../lib/connection.ts';
import { caseloadParams, studentKeys, studentsApi, useStudentsQuery } from '../api/students.api.ts';
import { matchesSearch } from '../student-search.ts';

/** How many matching students the picker lists at a time (type to narrow). */
export const STUDENT_PICKER_SIZE = 50;

interface StudentOption extends ComboboxItem {
  studentId: string;
  category?: StudentCategory;
}

type StudentPickerProps = Omit<
  SelectProps,
  'data' | 'value' | 'onChange' | 'searchable' | 'searchValue' | 'onSearchChange' | 'filter'
> & {
  /** Only this teacher's students (teachers pick among their own: spec part 1 §6). */
  teacherId?: string;
  value: string;
  onChange: (studentId: string) => void;
  /** Each option also shows the student's category ('STU-001 · Center Base'). */
  withCategory?: boolean;
};

/** The grey text beside an option's name: the student ID, and the category when asked for. */
function optionDetail(option: StudentOption, withCategory?: boolean): string {
  if (!withCategory || !option.category) return option.studentId;
  return `${option.studentId} · ${CATEGORY_LABELS[option.category]}`;
}

/**
 * A student picker on record forms: type a name, parent name or student ID (searched on the server,
 * 300 ms after typing stops); each option shows the student ID under the name. Offline, a teacher picks
 * among their students as the phone keeps them (the offline copy's caseload list), searched here.
 */
export function StudentPicker({ teacherId, value, onChange, withCategory, ...props }: StudentPickerProps) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), LIMITS.searchDebounceMs);
  const [chosen, setChosen] = useState<StudentOption | null>(null);
  // After a choice the box shows the chosen name: that is not a new search.
  const text = chosen && debounced === chosen.label ? '' : debounced;
  const online = useOnline();
  const fromCaseload = Boolean(teacherId) && !online;
  const query = useStudentsQuery(
    fromCaseload
      ? caseloadParams(teacherId!)
      : { search: text || undefined, teacherId, page: 1, limit: STUDENT_PICKER_SIZE },
  );
  const found = query.data?.items ?? [];
  const matching = fromCaseload && text ? found.filter((s) => matchesSearch(s, text)) : found;
  const options: StudentOption[] = matching.map((s) => ({
    value: s.id,
    label: `${s.firstName} ${s.lastName}`,
    studentId: s.studentId,
    category: s.category,
  }));
  // A student given from outside (?studentId= from the student's page) may be beyond the first matches.
  const known = options.some((o) => o.value === value) || chosen?.value === value;
  const preset = useQuery({
    queryKey: studentKeys.detail(value),
    queryFn: () => studentsApi.get(value),
    enabled: Boolean(value) && !known && query.isSuccess,
    meta: { silent: true },
  });
  const selected: StudentOption | null =
    chosen?.value === value
      ? chosen
      : preset.data?.id === value
        ? {
            value,
            label: `${preset.data.firstName} ${preset.data.lastName}`,
            studentId: preset.data.studentId,
            category: preset.data.category,
          }
        : null;
  if (selected && !options.some((o) => o.value === selected.value)) options.unshift(selected);
  const noneAssigned = teacherId && !text && query.data?.total === 0;

  return (
    <Select
      label="Student"
      placeholder="Type a name or student ID"
      searchable
      data={options}
      value={value || null}
      onChange={(id, option) => {
        setChosen(id ? (option as StudentOption) : null);
        onChange(id ?? '');
      }}
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      nothingFoundMessage={query.isFetching ? 'Searching...' : 'No students found'}
      rightSection={query.isFetching ? <Loader size="xs" aria-hidden /> : undefined}
      description={noneAssigned ? 'No students are assigned to you yet.' : undefined}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      renderOption={({ option }) => (
        <Group gap={6} wrap="nowrap" justify="space-between" w="100%">
          <Text size="sm">{option.label}</Text>
          <Text size="xs" c="dimmed">
            {optionDetail(option as StudentOption, withCategory)}
          </Text>
        </Group>
      )}
      maxDropdownHeight={280}
      comboboxProps={{ withinPortal: true }}
      {...props}
    />
  );
}
