import '../../../app/mantine-styles.ts';
import type { MeasurementStatusEntry } from '@csp/contracts';
import {
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  ScrollArea,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconAlertTriangle,
  IconArrowRight,
  IconClockHour4,
  IconRulerMeasure,
  type Icon,
} from '@tabler/icons-react';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDate } from '../../../lib/dates.ts';
import {
  ageText,
  overdueText,
  splitMeasurementStatus,
  useMeasurementStatusQuery,
} from '../api/dashboard.api.ts';
import classes from './Dashboard.module.css';

/** How many students each list shows before 'Show all'. */
export const LIST_PREVIEW_SIZE = 5;

interface StatusListProps {
  title: string;
  color: string;
  icon: Icon;
  entries: MeasurementStatusEntry[];
  empty: string;
  details: (entry: MeasurementStatusEntry) => ReactNode;
}

function StatusList({ title, color, icon: IconComponent, entries, empty, details }: StatusListProps) {
  const [expanded, { toggle }] = useDisclosure(false);
  const headingId = useId();
  const listId = useId();
  const shown = expanded ? entries : entries.slice(0, LIST_PREVIEW_SIZE);
  const items = (
    <Stack gap={2} component="ul" m={0} p={0} style={{ listStyle: 'none' }} id={listId}>
      {shown.map((entry) => (
        <li key={entry.id}>
          <Link to={`/students/${entry.id}`} className={classes.item}>
            <Text size="sm" fw={600} truncate>
              {entry.firstName} {entry.lastName}
            </Text>
            {details(entry)}
          </Link>
        </li>
      ))}
    </Stack>
  );
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
          circle={entries.length < 100}
          aria-label={`${entries.length} students`}
        >
          {entries.length}
        </Badge>
      </Group>
      <Paper radius="sm" bg="var(--mantine-color-body)">
        {entries.length === 0 ? (
          <Text size="sm" c="dimmed" p="sm">
            {empty}
          </Text>
        ) : expanded && entries.length > 10 ? (
          <ScrollArea.Autosize mah={420} type="auto">
            {items}
          </ScrollArea.Autosize>
        ) : (
          items
        )}
      </Paper>
      {entries.length > LIST_PREVIEW_SIZE && (
        <Button
          variant="subtle"
          color={color}
          size="compact-sm"
          mt={6}
          fullWidth
          onClick={toggle}
          aria-expanded={expanded}
          aria-controls={listId}
        >
          {expanded ? 'Show fewer' : `Show all ${entries.length}`}
        </Button>
      )}
    </Paper>
  );
}

/** Everyone: overdue, due-soon and never-measured students, each linking to the student's page. */
export function MeasurementStatusPanel() {
  const { data, isPending, isError } = useMeasurementStatusQuery();
  const lists = data ? splitMeasurementStatus(data) : undefined;
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      component="section"
      aria-labelledby="measurement-panel"
    >
      <Group justify="space-between" mb="md" gap="xs">
        <Title order={2} size="h4" id="measurement-panel">
          Student Measurement Status
        </Title>
        <Anchor component={Link} to="/measurements" size="sm" fw={600}>
          <Group gap={4} wrap="nowrap">
            View measurements
            <IconArrowRight size={14} aria-hidden />
          </Group>
        </Anchor>
      </Group>
      {isError ? (
        <Text size="sm" c="dimmed">
          The measurement status could not be loaded.
        </Text>
      ) : isPending || !lists ? (
        <SimpleGrid cols={{ base: 1, md: 3 }}>
          <Skeleton height={160} radius="md" />
          <Skeleton height={160} radius="md" />
          <Skeleton height={160} radius="md" />
        </SimpleGrid>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
          <StatusList
            title="Overdue Measurements"
            color="red"
            icon={IconAlertTriangle}
            entries={lists.overdue}
            empty="No overdue measurements"
            details={(e) => (
              <Group gap={6} mt={2} wrap="wrap">
                <Text size="xs" c="red" fw={600}>
                  {overdueText(e.overdueBy)}
                </Text>
                <Text size="xs" c="dimmed">
                  Due: {formatDate(e.nextDueDate)}
                </Text>
              </Group>
            )}
          />
          <StatusList
            title="Due Soon (Within 15 Days)"
            color="yellow"
            icon={IconClockHour4}
            entries={lists.dueSoon}
            empty="No measurements due soon"
            details={(e) => (
              <Group gap={6} mt={2} wrap="wrap">
                <Text size="xs" c="yellow" fw={600}>
                  Due: {formatDate(e.nextDueDate)}
                </Text>
                <Text size="xs" c="dimmed">
                  Last: {formatDate(e.lastMeasurement?.date)}
                </Text>
              </Group>
            )}
          />
          <StatusList
            title="Never Measured"
            color="blue"
            icon={IconRulerMeasure}
            entries={lists.neverMeasured}
            empty="Every student has been measured"
            details={(e) => (
              <Group gap={6} mt={2} wrap="wrap">
                <Text size="xs" c="blue" fw={600}>
                  Needs first measurement
                </Text>
                <Text size="xs" c="dimmed">
                  {ageText(e.age)}
                </Text>
              </Group>
            )}
          />
        </SimpleGrid>
      )}
    </Paper>
  );
}
