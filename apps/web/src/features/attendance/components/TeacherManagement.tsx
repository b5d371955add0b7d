import {
  MONTH_NAMES,
  managementYears,
  monthBounds,
  type Attendance,
  type TeacherWithAttendance,
} from '@csp/contracts';
import {
  Badge,
  Button,
  Group,
  NativeSelect,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconClipboardList, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { ListFilters } from '../../../components/ListFilters.tsx';
import { CardGrid, PagedList } from '../../../components/PagedList.tsx';
import { useOrgToday } from '../../../lib/organisation.ts';
import { attendanceTeacherList, teacherAttendanceList } from '../api/attendance.api.ts';
import { personName } from '../attendance-display.ts';
import { monthOf } from '../calendar.ts';
import { AttendanceTable } from './AttendanceTable.tsx';
import { LIST_PAGE_SIZE, STATUS_FILTER_OPTIONS, type StatusFilter } from './AttendanceListView.tsx';
import { DateRangeField, rangeOf, type DateRange } from './DateRangeField.tsx';
import { ReviewAttendanceModal } from './ReviewAttendanceModal.tsx';
import { PagedTableSection } from './TableSection.tsx';

/** Teacher cards a page. */
export const TEACHER_CARDS_PAGE_SIZE = 9;

const MONTH_CHOICES = MONTH_NAMES.map((label, i) => ({ value: String(i + 1), label }));

function TeacherCard({
  teacher,
  selected,
  onSelect,
}: {
  teacher: TeacherWithAttendance;
  selected: boolean;
  onSelect: (t: TeacherWithAttendance) => void;
}) {
  const name = personName(teacher);
  const counts = [
    { label: 'Total', value: teacher.stats.total, color: 'indigo' },
    { label: 'Pending', value: teacher.stats.pending, color: 'yellow' },
    { label: 'Approved', value: teacher.stats.approved, color: 'green' },
    { label: 'Rejected', value: teacher.stats.rejected, color: 'red' },
  ];
  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      p="sm"
      style={
        selected
          ? { borderColor: 'var(--mantine-color-teal-6)', boxShadow: '0 0 0 1px var(--mantine-color-teal-6)' }
          : undefined
      }
    >
      <Stack gap="xs">
        <div style={{ minWidth: 0 }}>
          <Text fw={600}>{name}</Text>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {teacher.email}
          </Text>
        </div>
        <Group gap={6}>
          {counts.map((c) => (
            <Badge key={c.label} variant="light" color={c.color} size="sm">
              {c.label}: {c.value}
            </Badge>
          ))}
        </Group>
        <Button
          size="xs"
          variant={selected ? 'filled' : 'light'}
          onClick={() => onSelect(teacher)}
          aria-pressed={selected}
          aria-label={`View records of ${name}`}
        >
          View records
        </Button>
      </Stack>
    </Paper>
  );
}

/**
 * The Teacher Management tab (spec part 2 §2.9): a card grid of the teachers with their record counts
 * for the period, a month (year and month) or custom-range view, a status filter, and the chosen
 * teacher's records with the review action. Every filter change goes back to page 1.
 */
export function TeacherManagement() {
  const today = useOrgToday();
  const thisMonth = monthOf(today);
  const [mode, setMode] = useState<'month' | 'range'>('month');
  const [year, setYear] = useState(thisMonth.year);
  const [month, setMonth] = useState(thisMonth.month);
  const [range, setRange] = useState<DateRange>([null, null]);
  const [status, setStatus] = useState<StatusFilter>('ALL');
  const [searchText, setSearchText] = useState('');
  const [search] = useDebouncedValue(searchText.trim(), 300);
  const [teacherPage, setTeacherPage] = useState(1);
  const [recordPage, setRecordPage] = useState(1);
  const [chosen, setChosen] = useState<TeacherWithAttendance | null>(null);
  const [reviewing, setReviewing] = useState<Attendance | null>(null);
  const [lastSearch, setLastSearch] = useState(search);
  if (search !== lastSearch) {
    setLastSearch(search);
    setTeacherPage(1);
  }

  const period =
    mode === 'month'
      ? (({ from, to }) => ({ startDate: from, endDate: to }))(monthBounds(year, month))
      : rangeOf(range);
  /** A change of period or status: both lists start again from page 1. */
  const refilter = () => {
    setTeacherPage(1);
    setRecordPage(1);
  };

  const teachers = attendanceTeacherList.usePage({
    ...period,
    search: search || undefined,
    page: teacherPage,
    limit: TEACHER_CARDS_PAGE_SIZE,
  });
  const records = teacherAttendanceList.usePage(
    { teacherId: chosen?.id ?? '', ...period, status, page: recordPage, limit: LIST_PAGE_SIZE },
    { enabled: Boolean(chosen) },
  );

  return (
    <Stack gap="md">
      <ListFilters
        lead={
          <SegmentedControl
            aria-label="Period"
            value={mode}
            onChange={(v) => {
              setMode(v as 'month' | 'range');
              refilter();
            }}
            data={[
              { value: 'month', label: 'Month' },
              { value: 'range', label: 'Custom range' },
            ]}
            w={{ base: '100%', xs: 'auto' }}
            style={{ alignSelf: 'flex-start' }}
          />
        }
        search={{
          label: 'Search teachers',
          placeholder: 'Name or email',
          value: searchText,
          onChange: setSearchText,
        }}
        cols={{ base: 1, xs: 2, md: 4 }}
      >
        {mode === 'month' ? (
          <>
            <NativeSelect
              label="Year"
              data={managementYears(thisMonth.year).map(String)}
              value={String(year)}
              onChange={(e) => {
                setYear(Number(e.currentTarget.value));
                refilter();
              }}
            />
            <NativeSelect
              label="Month"
              data={MONTH_CHOICES}
              value={String(month)}
              onChange={(e) => {
                setMonth(Number(e.currentTarget.value));
                refilter();
              }}
            />
          </>
        ) : (
          <DateRangeField
            value={range}
            onChange={(v) => {
              setRange(v);
              refilter();
            }}
          />
        )}
        <NativeSelect
          label="Status"
          data={STATUS_FILTER_OPTIONS}
          value={status}
          onChange={(e) => {
            setStatus(e.currentTarget.value as StatusFilter);
            setRecordPage(1);
          }}
        />
      </ListFilters>

      <Stack gap="sm" component="section" aria-labelledby="att-teachers">
        <Title order={2} fz="h4" id="att-teachers">
          Teachers
        </Title>
        <PagedList
          query={teachers}
          page={teacherPage}
          pageSize={TEACHER_CARDS_PAGE_SIZE}
          onPage={setTeacherPage}
          loadingLabel="Loading teachers"
          empty={{ icon: IconUsers, text: 'No teachers found' }}
          pagerLabel="Teacher pages"
        >
          {(cards) => (
            <CardGrid label="Teachers with attendance" cols={{ base: 1, sm: 2, lg: 3 }}>
              {cards.map((t) => (
                <TeacherCard
                  key={t.id}
                  teacher={t}
                  selected={chosen?.id === t.id}
                  onSelect={(teacher) => {
                    setChosen(teacher);
                    setRecordPage(1);
                  }}
                />
              ))}
            </CardGrid>
          )}
        </PagedList>
      </Stack>

      <PagedTableSection
        id="att-teacher-records"
        title={chosen ? `Records of ${personName(chosen)}` : 'Teacher Records'}
        before={
          chosen ? undefined : (
            <Text size="sm" c="dimmed">
              Choose a teacher above to see their records.
            </Text>
          )
        }
        query={records}
        page={recordPage}
        pageSize={LIST_PAGE_SIZE}
        onPage={setRecordPage}
        loadingLabel="Loading the teacher's records"
        empty={{ icon: IconClipboardList, text: 'No attendance records in this period' }}
        pagerLabel="Teacher record pages"
      >
        {(rows) => (
          <AttendanceTable records={rows} labelledBy="att-teacher-records" onReview={setReviewing} />
        )}
      </PagedTableSection>
      <ReviewAttendanceModal record={reviewing} onClose={() => setReviewing(null)} />
    </Stack>
  );
}
