import { attendanceColor, formatDuration, type TeacherReport } from '@csp/contracts';
import {
  Box,
  Button,
  Card,
  Collapse,
  ColorSwatch,
  Group,
  Progress,
  RingProgress,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { useId } from 'react';
import { WideTable } from '../../../components/WideTable.tsx';
import { DetailItem } from '../../../components/DetailItem.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { breakdownSections, formatClock, hoursText, personName } from '../attendance-display.ts';
import { ReviewStatusBadge } from '../../leaves/components/ReviewBits.tsx';

/** The stacked bar of a teacher's counted days (approved, pending, rejected, absent) and its legend. */
function Breakdown({ report, name }: { report: TeacherReport; name: string }) {
  const sections = breakdownSections(report);
  return (
    <Stack gap={6}>
      <Progress.Root size={14} radius="xl" aria-hidden={report.totalDays === 0 || undefined}>
        {sections
          .filter((s) => s.days > 0)
          .map((s) => (
            <Tooltip key={s.key} label={`${s.label}: ${s.text}`} withArrow>
              <Progress.Section value={s.percent} color={s.color} aria-label={`${name}, ${s.label}`}>
                {s.percent >= 12 && <Progress.Label>{s.days}</Progress.Label>}
              </Progress.Section>
            </Tooltip>
          ))}
      </Progress.Root>
      <Group gap="md" component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Legend">
        {sections.map((s) => (
          <Group key={s.key} gap={6} component="li" wrap="nowrap">
            <ColorSwatch color={`var(--mantine-color-${s.color}-filled)`} size={10} withShadow={false} />
            <Text size="xs" c="dimmed">
              {s.label} {s.days}
            </Text>
          </Group>
        ))}
      </Group>
    </Stack>
  );
}

/** The teacher's records of the month: date, check-in, check-out, duration, location and status. */
function DailyRecords({
  report,
  timeZone,
  id,
  name,
}: {
  report: TeacherReport;
  timeZone?: string;
  id: string;
  name: string;
}) {
  if (report.records.length === 0) {
    return (
      <Text id={id} size="sm" c="dimmed" py="xs">
        No attendance records this month.
      </Text>
    );
  }
  return (
    <WideTable minWidth={600} id={id} tabIndex={0} role="region" aria-label={`Daily records of ${name}`}>
      <Table
        verticalSpacing="xs"
        striped
        style={{ whiteSpace: 'nowrap' }}
        aria-label={`Daily records of ${name}`}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Date</Table.Th>
            <Table.Th>Check-in</Table.Th>
            <Table.Th>Check-out</Table.Th>
            <Table.Th>Duration</Table.Th>
            <Table.Th>Location</Table.Th>
            <Table.Th>Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {report.records.map((r) => (
            <Table.Tr key={r.id}>
              <Table.Th scope="row" fw={500} style={{ whiteSpace: 'nowrap' }}>
                {formatDate(r.date)}
              </Table.Th>
              <Table.Td>{formatClock(r.checkIn, timeZone)}</Table.Td>
              <Table.Td>{formatClock(r.checkOut, timeZone) || '—'}</Table.Td>
              <Table.Td>{formatDuration(r.duration)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'normal', minWidth: 160 }}>
                {r.checkInLocationName ?? '—'}
              </Table.Td>
              <Table.Td>
                <ReviewStatusBadge status={r.status} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </WideTable>
  );
}

/**
 * One teacher's month on /admin/teacher-attendance-report (spec part 2 §2.9): the attendance
 * percentage in the report's colour (at least 90 % green, at least 75 % yellow, otherwise red), the
 * total, approved, pending, rejected and absent days, the average check-in and check-out, the total
 * hours, a stacked bar of the days, and 'View Daily Records' opening the month's records.
 */
export function ReportTeacherCard({ report, timeZone }: { report: TeacherReport; timeZone?: string }) {
  const name = personName(report.teacher);
  const [open, records] = useDisclosure(false);
  const recordsId = useId();
  const color = attendanceColor(report.attendancePercentage);
  const percent = `${report.attendancePercentage}%`;
  return (
    <Card withBorder radius="md" padding="md" component="li" aria-label={name}>
      <Stack gap="md">
        <Group justify="space-between" align="center" gap="sm" wrap="nowrap">
          <div style={{ minWidth: 0 }}>
            <Title order={2} fz="md" style={{ overflowWrap: 'anywhere' }}>
              {name}
            </Title>
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {report.teacher.email}
            </Text>
          </div>
          <Group gap="xs" wrap="nowrap" role="group" aria-label="Attendance" data-color={color}>
            <RingProgress
              size={72}
              thickness={7}
              roundCaps
              sections={
                report.attendancePercentage > 0
                  ? [{ value: Math.min(100, report.attendancePercentage), color }]
                  : []
              }
              rootColor="var(--mantine-color-gray-2)"
              label={
                <Text ta="center" fw={700} size="sm">
                  {percent}
                </Text>
              }
            />
          </Group>
        </Group>

        <SimpleGrid cols={{ base: 3, sm: 5 }} spacing="sm" verticalSpacing="xs">
          <DetailItem label="Total days">{report.totalDays}</DetailItem>
          <DetailItem label="Approved">{report.approvedDays}</DetailItem>
          <DetailItem label="Pending">{report.pendingDays}</DetailItem>
          <DetailItem label="Rejected">{report.rejectedDays}</DetailItem>
          <DetailItem label="Absent">{report.absentDays}</DetailItem>
        </SimpleGrid>
        <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="sm" verticalSpacing="xs">
          <DetailItem label="Avg check-in">{report.averageCheckInTime}</DetailItem>
          <DetailItem label="Avg check-out">{report.averageCheckOutTime}</DetailItem>
          <DetailItem label="Total hours">{hoursText(report.totalHours)}</DetailItem>
          <DetailItem label="Leave days">{report.approvedLeaveDays}</DetailItem>
        </SimpleGrid>

        <Breakdown report={report} name={name} />

        <Box>
          <Button
            variant="subtle"
            px="xs"
            onClick={records.toggle}
            aria-expanded={open}
            aria-controls={recordsId}
            rightSection={
              open ? <IconChevronUp size={16} aria-hidden /> : <IconChevronDown size={16} aria-hidden />
            }
          >
            {open ? 'Hide Daily Records' : 'View Daily Records'}
          </Button>
          <Collapse in={open}>
            {open && <DailyRecords report={report} timeZone={timeZone} id={recordsId} name={name} />}
          </Collapse>
        </Box>
      </Stack>
    </Card>
  );
}
