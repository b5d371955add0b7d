import '../../../app/mantine-styles.ts';
import '@mantine/charts/styles.css';
import {
  approvalRate,
  MONTH_NAMES,
  type LeaveReportView,
  type MonthlyLeaveStats,
  type TeacherLeaveStats,
  type YearlyLeaveStats,
} from '@csp/contracts';
import { BarChart } from '@mantine/charts';
import {
  Box,
  Button,
  Group,
  NativeSelect,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Table,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { IconChartBar, IconDownload, IconRefresh } from '@tabler/icons-react';
import { useId, type ReactNode } from 'react';
import { WideTable } from '../../../components/WideTable.tsx';
import { BackLink } from '../../../components/BackLink.tsx';
import { ListFilters } from '../../../components/ListFilters.tsx';
import { RetryPanel } from '../../../components/ListStates.tsx';
import { PagedList } from '../../../components/PagedList.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { PageLoader } from '../../../components/PageLoader.tsx';
import { getErrorMessage } from '../../../lib/api.ts';
import { MONTH_OPTIONS, useListParams } from '../../../lib/listParams.ts';
import { toastError } from '../../../lib/notify.ts';
import { useOrgToday } from '../../../lib/organisation.ts';
import {
  leavesApi,
  TEACHER_STATS_PAGE_SIZE,
  useMonthlyLeaveStatsQuery,
  useTeacherLeaveStatsQuery,
  useTeacherOptionsQuery,
  useYearlyLeaveStatsQuery,
} from '../api/leaves.api.ts';
import { monthShort, personName } from '../leave-display.ts';
import {
  analyticsFromParams,
  hasTeacherFilters,
  yearChoices,
  type AnalyticsFilters,
} from '../leave-filters.ts';

const TITLE = 'Leave Analytics';

/** The decisions' colours, the same as the status badges. */
const SERIES = [
  { name: 'approved', label: 'Approved', color: 'green.6' },
  { name: 'pending', label: 'Pending', color: 'yellow.5' },
  { name: 'rejected', label: 'Rejected', color: 'red.6' },
];

const TAB_LABELS: Record<LeaveReportView, string> = {
  monthly: 'Monthly View',
  yearly: 'Yearly View',
  teachers: 'Teacher-wise',
};

interface Counts {
  applied: number;
  approved: number;
  pending: number;
  rejected: number;
  approvalRate: number;
  approvedDays: number;
}

/** The sum of the rows, with the approval rate of the sum (spec §9). */
function totalsOf(rows: readonly Counts[]): Counts {
  const sum = (key: keyof Counts) => rows.reduce((n, r) => n + r[key], 0);
  const applied = sum('applied');
  const approved = sum('approved');
  return {
    applied,
    approved,
    pending: sum('pending'),
    rejected: sum('rejected'),
    approvalRate: approvalRate(approved, applied),
    approvedDays: sum('approvedDays'),
  };
}

function Totals({ counts, label }: { counts: Counts; label: string }) {
  const tiles = [
    { label: 'Applied', value: String(counts.applied) },
    { label: 'Approved', value: String(counts.approved) },
    { label: 'Pending', value: String(counts.pending) },
    { label: 'Rejected', value: String(counts.rejected) },
    { label: 'Approval rate', value: `${counts.approvalRate}%` },
    { label: 'Approved days', value: String(counts.approvedDays) },
  ];
  return (
    <SimpleGrid cols={{ base: 2, xs: 3, md: 6 }} spacing="xs" aria-label={label} component="section">
      {tiles.map((t) => (
        <Paper key={t.label} withBorder radius="md" p="sm" role="group" aria-label={t.label}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
            {t.label}
          </Text>
          <Text fz={22} fw={700} lh={1.3}>
            {t.value}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

/** A stacked bar per month or year: approved, pending and rejected applications. */
function DecisionsChart({
  title,
  data,
  dataKey,
}: {
  title: string;
  data: Record<string, string | number>[];
  dataKey: string;
}) {
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="figure" m={0} aria-label={title}>
      <Title order={3} fz="md" mb="sm" component="figcaption">
        {title}
      </Title>
      <BarChart
        h={280}
        data={data}
        dataKey={dataKey}
        type="stacked"
        series={SERIES}
        withLegend
        legendProps={{ verticalAlign: 'bottom', height: 40 }}
        tickLine="y"
        gridAxis="y"
        maxBarWidth={48}
        yAxisProps={{ allowDecimals: false, width: 32 }}
        tooltipAnimationDuration={150}
      />
    </Paper>
  );
}

/**
 * A table named by the line above it, which scrolls sideways on a phone (focusable, so the keyboard can
 * scroll it too) while that line stays in view.
 */
function StatsTable({ caption, head, children }: { caption: string; head: string[]; children: ReactNode }) {
  const captionId = useId();
  return (
    <Paper withBorder radius="md">
      <Text id={captionId} fw={600} size="sm" px="md" pt="sm" pb={6}>
        {caption}
      </Text>
      <WideTable minWidth={640} tabIndex={0} role="region" aria-labelledby={captionId}>
        <Table
          verticalSpacing="xs"
          horizontalSpacing="md"
          striped
          highlightOnHover
          aria-labelledby={captionId}
        >
          <Table.Thead bg="var(--mantine-color-gray-0)">
            <Table.Tr>
              {head.map((h, i) => (
                <Table.Th key={h} ta={i === 0 ? undefined : 'right'}>
                  {h}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>{children}</Table.Tbody>
        </Table>
      </WideTable>
    </Paper>
  );
}

const COUNT_HEAD = ['Applied', 'Approved', 'Pending', 'Rejected', 'Approval rate', 'Approved days'];

function CountCells({ row }: { row: Counts }) {
  return (
    <>
      <Table.Td ta="right">{row.applied}</Table.Td>
      <Table.Td ta="right">{row.approved}</Table.Td>
      <Table.Td ta="right">{row.pending}</Table.Td>
      <Table.Td ta="right">{row.rejected}</Table.Td>
      <Table.Td ta="right">{row.approvalRate}%</Table.Td>
      <Table.Td ta="right">{row.approvedDays}</Table.Td>
    </>
  );
}

function MonthlyView({ chosenYear, stats }: { chosenYear: number; stats: MonthlyLeaveStats }) {
  const rows = [...stats].sort((a, b) => a.month - b.month);
  // The figures' own year: while another year loads, the previous one stays on screen under its name.
  const year = rows[0]?.year ?? chosenYear;
  const data = rows.map((r) => ({
    month: monthShort(r.month),
    approved: r.approved,
    pending: r.pending,
    rejected: r.rejected,
  }));
  return (
    <Stack gap="md">
      <Totals counts={totalsOf(rows)} label={`Totals for ${year}`} />
      <DecisionsChart title={`Applications by month, ${year}`} data={data} dataKey="month" />
      <StatsTable caption={`Leave applications by month, ${year}`} head={['Month', ...COUNT_HEAD]}>
        {rows.map((r) => (
          <Table.Tr key={r.month}>
            <Table.Th scope="row" fw={500}>
              {MONTH_NAMES[r.month - 1]}
            </Table.Th>
            <CountCells row={r} />
          </Table.Tr>
        ))}
      </StatsTable>
    </Stack>
  );
}

function YearlyView({ stats }: { stats: YearlyLeaveStats }) {
  const rows = [...stats].sort((a, b) => a.year - b.year);
  const data = rows.map((r) => ({
    year: String(r.year),
    approved: r.approved,
    pending: r.pending,
    rejected: r.rejected,
  }));
  const span = rows.length ? `${rows[0].year}–${rows[rows.length - 1].year}` : '';
  return (
    <Stack gap="md">
      <Totals counts={totalsOf(rows)} label={`Totals for ${span}`} />
      <DecisionsChart title={`Applications by year, ${span}`} data={data} dataKey="year" />
      <StatsTable caption={`Leave applications by year, ${span}`} head={['Year', ...COUNT_HEAD]}>
        {[...rows].reverse().map((r) => (
          <Table.Tr key={r.year}>
            <Table.Th scope="row" fw={500}>
              {r.year}
            </Table.Th>
            <CountCells row={r} />
          </Table.Tr>
        ))}
      </StatsTable>
    </Stack>
  );
}

function rateColor(rate: number): string {
  if (rate >= 75) return 'green';
  if (rate >= 50) return 'yellow';
  return 'red';
}

/** 'March 2026' or '2026'. */
const periodName = (year: number, month?: number | null) =>
  month ? `${MONTH_NAMES[month - 1]} ${year}` : String(year);

function TeacherTable({ stats, chosenPeriod }: { stats: TeacherLeaveStats; chosenPeriod: string }) {
  // The figures' own period: while other filters load, the previous figures stay under their name.
  const period = stats[0] ? periodName(stats[0].year, stats[0].month) : chosenPeriod;
  return (
    <StatsTable caption={`Leave applications by teacher, ${period}`} head={['Teacher', ...COUNT_HEAD]}>
      {stats.map((r) => (
        <Table.Tr key={r.teacherId}>
          <Table.Th scope="row" fw={500}>
            {r.teacherName}
          </Table.Th>
          <Table.Td ta="right">{r.applied}</Table.Td>
          <Table.Td ta="right">{r.approved}</Table.Td>
          <Table.Td ta="right">{r.pending}</Table.Td>
          <Table.Td ta="right">{r.rejected}</Table.Td>
          <Table.Td ta="right">
            <Group gap="xs" justify="flex-end" wrap="nowrap">
              <Progress
                value={r.approvalRate}
                color={rateColor(r.approvalRate)}
                w={64}
                size="sm"
                aria-hidden
                visibleFrom="xs"
              />
              <Text span size="sm" miw={40}>
                {r.approvalRate}%
              </Text>
            </Group>
          </Table.Td>
          <Table.Td ta="right">{r.approvedDays}</Table.Td>
        </Table.Tr>
      ))}
    </StatsTable>
  );
}

/** A query's states around its content. */
function Loaded<T>({
  query,
  label,
  children,
}: {
  query: {
    data: T | undefined;
    isPending: boolean;
    isError: boolean;
    error: unknown;
    refetch: () => unknown;
  };
  label: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <PageLoader label={label} />;
  if (query.isError && query.data === undefined) {
    return <RetryPanel error={query.error} onRetry={() => void query.refetch()} />;
  }
  return query.data === undefined ? null : children(query.data);
}

function TeacherFilters({
  filters,
  onChange,
  search,
  onReset,
}: {
  filters: AnalyticsFilters;
  onChange: (key: 'month' | 'teacherId', value: string) => void;
  search: { text: string; onChange: (text: string) => void };
  onReset: () => void;
}) {
  const teachers = useTeacherOptionsQuery(true);
  const options = (teachers.data ?? []).map((t) => ({ value: t.id, label: personName(t) }));
  if (filters.teacherId && !options.some((o) => o.value === filters.teacherId)) {
    options.unshift({
      value: filters.teacherId,
      label: teachers.isPending ? 'Loading...' : 'Unknown teacher',
    });
  }
  return (
    <ListFilters
      search={{
        label: 'Search teacher name',
        placeholder: 'Name',
        value: search.text,
        onChange: search.onChange,
      }}
      cols={{ base: 1, xs: 2, md: 3 }}
      actions={
        <Button
          variant="subtle"
          size="xs"
          leftSection={<IconRefresh size={14} aria-hidden />}
          onClick={onReset}
          disabled={!hasTeacherFilters(filters) && !search.text}
        >
          Reset Filters
        </Button>
      }
    >
      <NativeSelect
        label="Month"
        data={MONTH_OPTIONS}
        value={filters.month === undefined ? '' : String(filters.month)}
        onChange={(e) => onChange('month', e.currentTarget.value)}
      />
      <NativeSelect
        label="Teacher"
        data={[{ value: '', label: 'All teachers' }, ...options]}
        value={filters.teacherId ?? ''}
        onChange={(e) => onChange('teacherId', e.currentTarget.value)}
      />
    </ListFilters>
  );
}

/**
 * /leaves/dashboard (spec part 2 §2.4 "Leave analytics", administrators; loaded apart from the rest of
 * the app with its chart library): Monthly View, Yearly View and Teacher-wise tabs; a year select (this
 * year and the four before); on the teacher tab month and teacher filters, a name search and Reset
 * Filters; stacked bars of the decisions with the numbers in a table; and Export Report, the CSV of the
 * open tab with its filters. Tab and filters live in the address.
 */
export default function LeaveAnalytics() {
  const today = useOrgToday();
  const thisYear = Number(today.slice(0, 4));
  const { params, page, update, setPage, searchText, changeSearchText, clearSearch } = useListParams();
  const filters = analyticsFromParams(params, thisYear);
  const { view, year } = filters;

  const monthly = useMonthlyLeaveStatsQuery(year, view === 'monthly');
  const yearly = useYearlyLeaveStatsQuery(view === 'yearly');
  const teachers = useTeacherLeaveStatsQuery(filters, page, view === 'teachers');
  const exporter = useMutation({
    mutationFn: leavesApi.exportReport,
    onError: (error) => toastError(getErrorMessage(error, 'Failed to export the report')),
  });

  /** A tab or a filter changes what is counted: back to the first page of teachers. */
  const set = (key: string, value: string) => update({ [key]: value || undefined, page: undefined });
  const resetTeacherFilters = () => clearSearch({ month: undefined, teacherId: undefined });

  return (
    <Stack gap="lg">
      <Stack gap={6}>
        <BackLink to="/leaves">Back to Leaves</BackLink>
        <PageHeader
          title={TITLE}
          description="Leave applications and decisions by month, by year and by teacher."
          action={
            <Button
              leftSection={<IconDownload size={18} aria-hidden />}
              onClick={() => exporter.mutate(filters)}
              loading={exporter.isPending}
            >
              Export Report
            </Button>
          }
        />
      </Stack>

      <Tabs value={view} onChange={(v) => set('view', v && v !== 'monthly' ? v : '')} keepMounted={false}>
        <Tabs.List grow>
          {(Object.keys(TAB_LABELS) as LeaveReportView[]).map((v) => (
            <Tabs.Tab key={v} value={v} px={{ base: 6, xs: 'md' }} fz={{ base: 'sm', xs: 'md' }}>
              {TAB_LABELS[v]}
            </Tabs.Tab>
          ))}
        </Tabs.List>

        <Box pt="md">
          {view !== 'yearly' && (
            <Group mb="md" align="flex-end">
              <NativeSelect
                label="Year"
                data={yearChoices(thisYear)}
                value={String(year)}
                onChange={(e) =>
                  set('year', e.currentTarget.value === String(thisYear) ? '' : e.currentTarget.value)
                }
                w={{ base: '100%', xs: 160 }}
              />
            </Group>
          )}

          <Tabs.Panel value="monthly">
            <Loaded query={monthly} label="Loading the monthly figures">
              {(stats) => <MonthlyView chosenYear={year} stats={stats} />}
            </Loaded>
          </Tabs.Panel>

          <Tabs.Panel value="yearly">
            <Text size="sm" c="dimmed" mb="md">
              This year and the four before it.
            </Text>
            <Loaded query={yearly} label="Loading the yearly figures">
              {(stats) => <YearlyView stats={stats} />}
            </Loaded>
          </Tabs.Panel>

          <Tabs.Panel value="teachers">
            <Stack gap="md">
              <TeacherFilters
                filters={filters}
                onChange={set}
                search={{ text: searchText, onChange: changeSearchText }}
                onReset={resetTeacherFilters}
              />
              <PagedList
                query={teachers}
                page={page}
                pageSize={TEACHER_STATS_PAGE_SIZE}
                onPage={setPage}
                loadingLabel="Loading the teachers' figures"
                empty={{ icon: IconChartBar, text: 'No teachers match these filters' }}
                pagerLabel="Teacher pages"
              >
                {(stats) => <TeacherTable stats={stats} chosenPeriod={periodName(year, filters.month)} />}
              </PagedList>
            </Stack>
          </Tabs.Panel>
        </Box>
      </Tabs>
    </Stack>
  );
}
