import {
  DAY_KIND_LABELS,
  formatDuration,
  LEAVE_TYPE_LABELS,
  monthBounds,
  type Attendance,
  type DayKind,
  type Leave,
} from '@csp/contracts';
import {
  ActionIcon,
  Badge,
  Box,
  Button,
  Grid,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  IconCalendarStats,
  IconCheck,
  IconChevronLeft,
  IconChevronRight,
  IconCircleCheck,
  IconCircleX,
  IconClock,
  IconClockHour4,
  IconHourglass,
  IconPercentage,
  IconPlaneDeparture,
  IconUserX,
  IconX,
  type Icon,
} from '@tabler/icons-react';
import { useState } from 'react';
import { DetailItem } from '../../../components/DetailItem.tsx';
import { RetryPanel } from '../../../components/ListStates.tsx';
import { PageLoader } from '../../../components/PageLoader.tsx';
import { api } from '../../../lib/api.ts';
import { useOnline } from '../../../lib/connection.ts';
import { formatDate } from '../../../lib/dates.ts';
import { leaveKeys } from '../../leaves/api/leaves.api.ts';
import { periodText } from '../../../lib/date-span.ts';
import { useOrganisationQuery, useOrgToday } from '../../../lib/organisation.ts';
import { attendanceList, useMonthlyStats } from '../api/attendance.api.ts';
import { formatClock } from '../attendance-display.ts';
import {
  coveringPeriod,
  DAY_KIND_STYLES,
  dayKindLabel,
  defaultSelectedDay,
  LEGEND_KINDS,
  monthGrid,
  monthOf,
  monthTitle,
  sameMonth,
  shiftMonth,
  WEEKDAYS,
  type CalendarCell,
  type YearMonth,
} from '../calendar.ts';
import { ReviewStatusBadge } from '../../leaves/components/ReviewBits.tsx';
import { ProgressBadge, RangeBadge, reviewerText } from './AttendanceTable.tsx';
import { FigureTiles, type Figure } from '../../../components/FigureTiles.tsx';

/**
 * GET /leaves?startDate&endDate&teacherId&status=APPROVED: the teacher's approved leaves overlapping
 * the month (the day panel's leave). Under the leaves key, so a leave decision refreshes it.
 */
function useApprovedLeaves(teacherId: string, startDate: string, endDate: string) {
  const query = { startDate, endDate, teacherId, status: 'APPROVED' };
  return useQuery({
    queryKey: [...leaveKeys.all, 'range', query] as const,
    queryFn: () => api.get<Leave[]>('/leaves', { params: query }).then((r) => r.data),
    placeholderData: keepPreviousData,
  });
}

/** A small sign beside the colour of each day, so a day's kind never rests on colour alone. */
const KIND_ICONS: Partial<Record<DayKind, Icon>> = {
  PRESENT: IconCheck,
  PENDING: IconClock,
  REJECTED: IconX,
  ABSENT: IconUserX,
  LEAVE: IconPlaneDeparture,
};

function KindSign({
  kind,
  size = 14,
  tinted = true,
}: {
  kind: DayKind | null;
  size?: number;
  tinted?: boolean;
}) {
  const SignIcon = kind ? KIND_ICONS[kind] : undefined;
  if (!kind || !SignIcon) return null;
  return (
    <SignIcon size={size} stroke={2} aria-hidden color={tinted ? DAY_KIND_STYLES[kind].sign : undefined} />
  );
}

function MonthlySummary({ teacherId, shown }: { teacherId: string; shown: YearMonth }) {
  const stats = useMonthlyStats({ ...shown, teacherId });
  const s = stats.data && sameMonth(stats.data, shown) ? stats.data : undefined;
  const figures: Figure[] = [
    {
      label: 'Attendance',
      value: s ? `${s.attendancePercentage}%` : undefined,
      icon: IconPercentage,
      color: 'teal',
    },
    { label: 'Present', value: s?.daysPresent, icon: IconCircleCheck, color: 'green' },
    { label: 'Absent', value: s?.daysAbsent, icon: IconUserX, color: 'red' },
    { label: 'On Leave', value: s?.approvedLeaveDays, icon: IconPlaneDeparture, color: 'blue' },
    { label: 'Pending', value: s?.pendingApprovals, icon: IconClockHour4, color: 'yellow' },
    { label: 'Rejected', value: s?.rejectedDays, icon: IconCircleX, color: 'orange' },
    { label: 'Total Hours', value: s ? `${s.totalHours}h` : undefined, icon: IconHourglass, color: 'indigo' },
  ];
  return (
    <Box component="section" aria-labelledby="att-summary">
      <Title order={2} fz="h4" id="att-summary" mb="xs">
        Monthly Summary · {monthTitle(shown)}
      </Title>
      <FigureTiles figures={figures} failed={stats.isError} cols={{ base: 2, sm: 4, xl: 7 }} size="compact" />
    </Box>
  );
}

function DayButton({
  cell,
  today,
  selected,
  onSelect,
}: {
  cell: CalendarCell;
  today: string;
  selected: boolean;
  onSelect: (date: string) => void;
}) {
  const look = cell.kind ? DAY_KIND_STYLES[cell.kind] : undefined;
  const isToday = cell.date === today;
  return (
    <UnstyledButton
      onClick={() => onSelect(cell.date)}
      data-date={cell.date}
      data-kind={cell.kind ?? undefined}
      aria-pressed={selected}
      aria-current={isToday ? 'date' : undefined}
      w="100%"
      h={{ base: 44, sm: 58 }}
      px={{ base: 4, sm: 8 }}
      py={4}
      style={{
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'space-between',
        borderRadius: 'var(--mantine-radius-sm)',
        background: look?.background ?? 'var(--mantine-color-gray-0)',
        color: look?.text ?? 'var(--mantine-color-gray-7)',
        border: `1px solid ${look?.border ?? 'var(--mantine-color-gray-3)'}`,
        outline: selected ? '2px solid var(--mantine-color-dark-5)' : undefined,
        outlineOffset: selected ? 1 : undefined,
      }}
    >
      <Text
        component="span"
        size="sm"
        fw={isToday ? 800 : 500}
        td={isToday ? 'underline' : undefined}
        lh={1.1}
      >
        {cell.day}
      </Text>
      <VisuallyHidden>
        {' '}
        {formatDate(cell.date).replace(/^\d+ /, '')}, {dayKindLabel(cell.kind)}
        {isToday ? ', today' : ''}
      </VisuallyHidden>
      <Box style={{ alignSelf: 'flex-end', lineHeight: 0 }}>
        <KindSign kind={cell.kind} />
      </Box>
    </UnstyledButton>
  );
}

function MonthGrid({
  shown,
  days,
  today,
  selected,
  onSelect,
}: {
  shown: YearMonth;
  days: { date: string; kind: DayKind }[] | undefined;
  today: string;
  selected: string;
  onSelect: (date: string) => void;
}) {
  const weeks = monthGrid(shown, days);
  return (
    <Table
      layout="fixed"
      withRowBorders={false}
      horizontalSpacing={2}
      verticalSpacing={2}
      aria-labelledby="att-month"
      data-month={`${shown.year}-${String(shown.month).padStart(2, '0')}`}
    >
      <Table.Thead>
        <Table.Tr>
          {WEEKDAYS.map((w) => (
            <Table.Th key={w.short} ta="center" fz="xs" c="dimmed" scope="col">
              <abbr title={w.long} style={{ textDecoration: 'none' }}>
                {w.short}
              </abbr>
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {weeks.map((week, i) => (
          <Table.Tr key={i}>
            {week.map((cell, j) => (
              <Table.Td key={cell?.date ?? `empty-${i}-${j}`}>
                {cell && (
                  <DayButton
                    cell={cell}
                    today={today}
                    selected={cell.date === selected}
                    onSelect={onSelect}
                  />
                )}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function Legend() {
  return (
    <Box component="section" aria-labelledby="att-legend">
      <Title order={3} fz="sm" id="att-legend" mb={6}>
        Legend
      </Title>
      <Group component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
        {LEGEND_KINDS.map((kind) => {
          const look = DAY_KIND_STYLES[kind];
          return (
            <Group
              component="li"
              key={kind}
              gap={6}
              wrap="nowrap"
              data-legend-kind={kind}
              px={8}
              py={2}
              style={{
                background: look.background,
                color: look.text,
                border: `1px solid ${look.border}`,
                borderRadius: 'var(--mantine-radius-sm)',
              }}
            >
              <KindSign kind={kind} size={13} />
              <Text component="span" size="xs" fw={500}>
                {DAY_KIND_LABELS[kind]}
              </Text>
            </Group>
          );
        })}
      </Group>
    </Box>
  );
}

const KIND_NOTES: Record<DayKind, string> = {
  LEAVE: 'An approved leave covers this day.',
  FUTURE: 'This day has not come yet.',
  PRESENT: 'Checked in and approved.',
  PENDING: 'Checked in; waiting for an administrator’s review.',
  REJECTED: 'Checked in; the attendance was rejected.',
  BEFORE_START: 'Before the account was created.',
  OFF_DAY: 'Not a working day.',
  ABSENT: 'No check-in on this working day.',
};

function RecordDetails({ record }: { record: Attendance }) {
  const timeZone = useOrganisationQuery().data?.timezone;
  const today = useOrgToday();
  return (
    <Stack gap="sm">
      <SimpleGrid cols={2} spacing="sm" verticalSpacing="sm">
        <DetailItem label="Check-in">{formatClock(record.checkIn, timeZone)}</DetailItem>
        <DetailItem label="Check-out">
          {record.checkOut ? (
            formatClock(record.checkOut, timeZone)
          ) : (
            <ProgressBadge record={record} today={today} />
          )}
        </DetailItem>
        <DetailItem label="Duration">{formatDuration(record.duration)}</DetailItem>
        <DetailItem label="Status">
          <ReviewStatusBadge status={record.status} />
        </DetailItem>
      </SimpleGrid>
      <DetailItem label="Location">
        <Stack gap={4} align="flex-start">
          <span>{record.checkInLocationName ?? '—'}</span>
          <RangeBadge record={record} />
        </Stack>
      </DetailItem>
      {record.checkOut && <DetailItem label="Check-out location">{record.checkOutLocationName}</DetailItem>}
      {record.status !== 'PENDING' && (
        <Text size="sm" c="dimmed">
          {reviewerText(record)}
        </Text>
      )}
      <DetailItem label="Admin notes" fallback="None">
        {record.adminNotes}
      </DetailItem>
    </Stack>
  );
}

function LeaveDetails({ leave }: { leave: Leave }) {
  return (
    <SimpleGrid cols={2} spacing="sm" verticalSpacing="sm">
      <DetailItem label="Leave">{LEAVE_TYPE_LABELS[leave.leaveType] ?? leave.leaveType}</DetailItem>
      <DetailItem label="Period">{periodText(leave.startDate, leave.endDate)}</DetailItem>
      <div style={{ gridColumn: '1 / -1' }}>
        <DetailItem label="Reason">{leave.reason}</DetailItem>
      </div>
    </SimpleGrid>
  );
}

function DayPanel({
  date,
  kind,
  record,
  leave,
  loading,
}: {
  date: string;
  kind: DayKind | null;
  record: Attendance | undefined;
  leave: Leave | undefined;
  loading: boolean;
}) {
  const look = kind ? DAY_KIND_STYLES[kind] : undefined;
  const weekday = WEEKDAYS[new Date(`${date}T00:00:00Z`).getUTCDay()].long;
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      component="section"
      aria-labelledby="att-day"
      h="100%"
    >
      <Stack gap="sm">
        <div>
          <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
            Day details
          </Text>
          <Title order={3} fz="h4" id="att-day">
            {weekday}, {formatDate(date)}
          </Title>
        </div>
        {kind ? (
          <Group gap="xs">
            <Badge
              variant="light"
              color={look?.color}
              leftSection={<KindSign kind={kind} size={12} tinted={false} />}
              data-day-kind={kind}
            >
              {DAY_KIND_LABELS[kind]}
            </Badge>
          </Group>
        ) : (
          <Skeleton height={22} width={90} />
        )}
        {kind && <Text size="sm">{KIND_NOTES[kind]}</Text>}
        {loading ? (
          <Skeleton height={80} />
        ) : (
          <>
            {record && <RecordDetails record={record} />}
            {leave && <LeaveDetails leave={leave} />}
          </>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * The calendar view (spec part 2 §2.9, §4): the month's summary, a month grid whose weeks start on
 * Sunday with previous, next and Today, a day-detail panel and a legend. Each day's colour is the
 * API's classification (monthly stats `days`); the panel adds the day's record or approved leave.
 */
export function AttendanceCalendar({ teacherId, teacherName }: { teacherId: string; teacherName?: string }) {
  const today = useOrgToday();
  // Until someone moves or picks a day, the calendar follows the organisation's today, which may
  // change after the first render (the organisation's time zone loads; midnight there passes).
  const [chosenMonth, setChosenMonth] = useState<YearMonth | null>(null);
  const [chosenDay, setChosenDay] = useState<string | null>(null);
  const shown = chosenMonth ?? monthOf(today);
  const selected = chosenDay ?? defaultSelectedDay(shown, today);
  const { from, to } = monthBounds(shown.year, shown.month);
  const stats = useMonthlyStats({ ...shown, teacherId });
  const records = attendanceList.usePage({ startDate: from, endDate: to, teacherId });
  const leaves = useApprovedLeaves(teacherId, from, to);
  const online = useOnline();

  const show = (month: YearMonth) => {
    setChosenMonth(month);
    setChosenDay(null);
  };

  const current = stats.data && sameMonth(stats.data, shown) && !stats.isPlaceholderData;
  const days = current ? stats.data?.days : undefined;
  const kind = days?.find((d) => d.date === selected)?.kind ?? null;
  const monthRecords = records.isPlaceholderData ? [] : (records.data?.items ?? []);
  const record = monthRecords.find((r) => r.date === selected);
  const leave = leaves.isPlaceholderData ? undefined : coveringPeriod(leaves.data ?? [], selected);

  // Offline, a month of which nothing was saved on the phone says it needs the connection, instead of
  // waiting for it as placeholders and a dimmed grid.
  if (!online && stats.isPending) return <PageLoader label="Loading attendance" />;
  return (
    <Stack gap="md">
      <MonthlySummary teacherId={teacherId} shown={shown} />
      <Grid gutter="md">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Paper
            withBorder
            radius="md"
            p={{ base: 'xs', sm: 'md' }}
            component="section"
            aria-labelledby="att-month"
          >
            <Stack gap="sm">
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <div style={{ minWidth: 0 }}>
                  <Title order={2} fz="h4" id="att-month" aria-live="polite">
                    {monthTitle(shown)}
                  </Title>
                  {teacherName && (
                    <Text size="xs" c="dimmed" truncate>
                      {teacherName}
                    </Text>
                  )}
                </div>
                <Group gap={6} wrap="nowrap">
                  <ActionIcon
                    variant="default"
                    size="lg"
                    aria-label="Previous month"
                    onClick={() => show(shiftMonth(shown, -1))}
                  >
                    <IconChevronLeft size={18} aria-hidden />
                  </ActionIcon>
                  <Button
                    variant="default"
                    size="compact-md"
                    h={34}
                    leftSection={<IconCalendarStats size={16} aria-hidden />}
                    onClick={() => show(monthOf(today))}
                  >
                    Today
                  </Button>
                  <ActionIcon
                    variant="default"
                    size="lg"
                    aria-label="Next month"
                    onClick={() => show(shiftMonth(shown, 1))}
                  >
                    <IconChevronRight size={18} aria-hidden />
                  </ActionIcon>
                </Group>
              </Group>
              {stats.isError && !stats.data ? (
                <RetryPanel error={stats.error} onRetry={() => void stats.refetch()} />
              ) : (
                <Box aria-busy={!current} style={{ opacity: current ? 1 : 0.6 }}>
                  <MonthGrid
                    shown={shown}
                    days={days}
                    today={today}
                    selected={selected}
                    onSelect={setChosenDay}
                  />
                </Box>
              )}
              <Legend />
            </Stack>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <DayPanel
            date={selected}
            kind={kind}
            record={record}
            leave={leave}
            loading={records.isPending || records.isPlaceholderData || leaves.isPending}
          />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
