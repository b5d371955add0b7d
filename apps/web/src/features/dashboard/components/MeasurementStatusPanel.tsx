import '../../../app/mantine-styles-shell.ts';
import type { MeasurementStatusEntry, MeasurementStatusSummary } from '@csp/contracts';
import {
  Badge,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconClockHour4, IconRulerMeasure, type Icon } from '@tabler/icons-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { DashboardPanel, PanelLink } from '../../../components/DashboardPanel.tsx';
import { formatDate } from '../../../lib/dates.ts';
import {
  ageText,
  overdueText,
  statusPageLink,
  useMeasurementPreviewQuery,
  useMeasurementSummaryQuery,
  type PanelStatus,
} from '../api/dashboard.api.ts';
import classes from './Dashboard.module.css';
import { formatCount } from '../../../lib/numbers.ts';

interface StatusListProps {
  status: PanelStatus;
  title: string;
  color: string;
  icon: Icon;
  /** How many students have this status (the summary's count). */
  count: number;
  /** The first of them (LIST_PREVIEW_SIZE). */
  entries: MeasurementStatusEntry[];
  empty: string;
  /** Under each name: the list's own fact in its colour (e.g. 'Overdue by 3 days'), then a dimmed one. */
  lead: (entry: MeasurementStatusEntry) => string;
  detail: (entry: MeasurementStatusEntry) => string;
}

function StatusList({
  status,
  title,
  color,
  icon: IconComponent,
  count,
  entries,
  empty,
  lead,
  detail,
}: StatusListProps) {
  const headingId = useId();
  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      radius="md"
      p="xs"
      bg={`var(--mantine-color-${color}-0)`}
      style={{ borderTop: `3px solid var(--mantine-color-${color}-6)` }}
    >
      <Group gap="xs" wrap="nowrap" px={6} pt={4} mb="xs">
        <ThemeIcon variant="light" color={color} size={28} radius="md" aria-hidden>
          <IconComponent size={16} />
        </ThemeIcon>
        <Title order={3} size="h6" id={headingId} style={{ flex: 1 }}>
          {title}
        </Title>
        <Badge
          color={color}
          variant="filled"
          size="lg"
          circle={count < 100}
          aria-label={`${formatCount(count)} students`}
        >
          {formatCount(count)}
        </Badge>
      </Group>
      <Paper radius="sm" bg="var(--mantine-color-body)">
        {entries.length === 0 ? (
          <Text size="sm" c="dimmed" p="sm">
            {empty}
          </Text>
        ) : (
          <Stack gap={2} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {entries.map((entry) => (
              <li key={entry.id}>
                <Link to={`/students/${entry.id}`} className={classes.item}>
                  <Text size="sm" fw={600} truncate>
                    {entry.firstName} {entry.lastName}
                  </Text>
                  <Group gap={6} mt={2} wrap="wrap">
                    <Text size="xs" c={color} fw={600}>
                      {lead(entry)}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {detail(entry)}
                    </Text>
                  </Group>
                </Link>
              </li>
            ))}
          </Stack>
        )}
      </Paper>
      {count > entries.length && (
        <Button
          component={Link}
          to={statusPageLink(status)}
          variant="subtle"
          color={color}
          size="compact-sm"
          mt={6}
          fullWidth
          aria-describedby={headingId}
        >
          {`Show all ${formatCount(count)}`}
        </Button>
      )}
    </Paper>
  );
}

/** Each list: its status, its count in the summary, its texts (spec part 1 §2 "/dashboard"). */
const LISTS: (Omit<StatusListProps, 'count' | 'entries'> & { countKey: keyof MeasurementStatusSummary })[] = [
  {
    status: 'overdue',
    countKey: 'overdue',
    title: 'Overdue Measurements',
    color: 'red',
    icon: IconAlertTriangle,
    empty: 'No overdue measurements',
    lead: (e) => overdueText(e.overdueBy),
    detail: (e) => `Due: ${formatDate(e.nextDueDate)}`,
  },
  {
    status: 'due_soon',
    countKey: 'dueSoon',
    title: 'Due Soon (Within 15 Days)',
    color: 'yellow',
    icon: IconClockHour4,
    empty: 'No measurements due soon',
    lead: (e) => `Due: ${formatDate(e.nextDueDate)}`,
    detail: (e) => `Last: ${formatDate(e.lastMeasurement?.date)}`,
  },
  {
    status: 'never_measured',
    countKey: 'neverMeasured',
    title: 'Never Measured',
    color: 'blue',
    icon: IconRulerMeasure,
    empty: 'No students awaiting a first measurement',
    lead: () => 'Needs first measurement',
    detail: (e) => ageText(e.age),
  },
];

/**
 * Everyone: overdue, due-soon and never-measured students, each linking to the student's page. The
 * counts come from the status summary and each list's first students from one page of the status list
 * (decision 0017); 'Show all N' opens the status page filtered on that status.
 */
export function MeasurementStatusPanel() {
  const summary = useMeasurementSummaryQuery();
  const previews = {
    overdue: useMeasurementPreviewQuery('overdue'),
    due_soon: useMeasurementPreviewQuery('due_soon'),
    never_measured: useMeasurementPreviewQuery('never_measured'),
  };
  const queries = [summary, ...Object.values(previews)];
  return (
    <DashboardPanel
      title="Student Measurement Status"
      action={<PanelLink to="/measurements">View measurements</PanelLink>}
    >
      {queries.some((q) => q.isError) ? (
        <Text size="sm" c="dimmed">
          The measurement status could not be loaded.
        </Text>
      ) : !summary.data || queries.some((q) => q.isPending) ? (
        // The same grid as the lists' below (React keeps it when they replace the placeholders).
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
          <Skeleton height={160} radius="md" />
          <Skeleton height={160} radius="md" />
          <Skeleton height={160} radius="md" />
        </SimpleGrid>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
          {LISTS.map(({ countKey, ...list }) => (
            <StatusList
              key={list.status}
              {...list}
              count={summary.data[countKey]}
              entries={previews[list.status].data ?? []}
            />
          ))}
        </SimpleGrid>
      )}
    </DashboardPanel>
  );
}
