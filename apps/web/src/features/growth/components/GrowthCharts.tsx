import { GROWTH_MESSAGES, type GrowthSeries } from '@csp/contracts';
import {
  Anchor,
  Box,
  Divider,
  Flex,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconChartLine } from '@tabler/icons-react';
import { Fragment, useId } from 'react';
import { Link } from 'react-router';
import { WideTable } from '../../../components/WideTable.tsx';
import { RetryPanel } from '../../../components/ListStates.tsx';
import { PageLoader } from '../../../components/PageLoader.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { useGrowthSeriesQuery } from '../api/growth-series.api.ts';
import {
  ageText,
  chartDescription,
  growthCharts,
  tableRows,
  valueText,
  zText,
  type GrowthChartModel,
} from './growth-chart-data.ts';
import { CHILD_COLOR, CURVE_STYLES, GrowthChart } from './GrowthChart.tsx';

/** The legend's order: from −3 SD up, then the child. */
const LEGEND = [...CURVE_STYLES].reverse();

function LineSwatch({ color, width, dash }: { color: string; width: number; dash?: string }) {
  return (
    <svg width={22} height={10} aria-hidden style={{ flexShrink: 0 }}>
      <line x1={1} y1={5} x2={21} y2={5} stroke={color} strokeWidth={width + 0.5} strokeDasharray={dash} />
    </svg>
  );
}

/** What the lines and dots are, in words. */
function Legend() {
  return (
    <Flex
      component="ul"
      wrap="wrap"
      rowGap={4}
      columnGap="md"
      m={0}
      p={0}
      style={{ listStyle: 'none' }}
      aria-label="Legend"
    >
      {LEGEND.map((c) => (
        <Group component="li" key={c.key} gap={6} wrap="nowrap">
          <LineSwatch color={c.color} width={c.width} dash={c.dash} />
          <Text size="xs">{c.label}</Text>
        </Group>
      ))}
      <Group component="li" gap={6} wrap="nowrap">
        <svg width={22} height={10} aria-hidden style={{ flexShrink: 0 }}>
          <line x1={1} y1={5} x2={21} y2={5} stroke={CHILD_COLOR} strokeWidth={2} />
          <circle cx={11} cy={5} r={4} fill={CHILD_COLOR} />
        </svg>
        <Text size="xs" fw={600}>
          This child
        </Text>
      </Group>
    </Flex>
  );
}

/**
 * The chart's numbers behind 'Show as table': every measurement with this chart's z-score, which comes
 * first after the date so that a phone shows it before the table scrolls sideways.
 */
function ChartTable({
  series,
  model,
  childName,
}: {
  series: GrowthSeries;
  model: GrowthChartModel;
  childName: string;
}) {
  const rows = tableRows(series, model.kind);
  const captionId = useId();
  return (
    <Box component="details" mt="xs">
      <Text
        component="summary"
        size="sm"
        fw={600}
        c="var(--mantine-color-anchor)"
        py={4}
        style={{ cursor: 'pointer', width: 'fit-content' }}
      >
        Show as table<VisuallyHidden component="span"> ({model.title})</VisuallyHidden>
      </Text>
      <Text id={captionId} size="sm" c="dimmed" mt="xs" mb={4}>
        {model.title} of {childName}: every measurement, oldest first
      </Text>
      {/* Scrolls sideways on a phone (focusable, so the keyboard can scroll it too) under its caption. */}
      <WideTable minWidth={480} tabIndex={0} role="region" aria-labelledby={captionId}>
        <Table
          verticalSpacing={6}
          horizontalSpacing="sm"
          striped
          fz="sm"
          aria-labelledby={captionId}
          style={{ whiteSpace: 'nowrap' }}
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Date</Table.Th>
              <Table.Th ta="right">z-score</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Age</Table.Th>
              <Table.Th ta="right">Weight</Table.Th>
              <Table.Th ta="right">Length/height</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.measurementId}>
                <Table.Th scope="row" fw={500}>
                  <time dateTime={r.date}>{formatDate(r.date)}</time>
                </Table.Th>
                <Table.Td ta="right" fw={600}>
                  {r.z}
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'normal', minWidth: 110 }}>{r.status}</Table.Td>
                <Table.Td>{r.age}</Table.Td>
                <Table.Td ta="right">{r.weight}</Table.Td>
                <Table.Td ta="right">{r.height}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </WideTable>
    </Box>
  );
}

/** The latest point of a chart in a line of text. */
function LatestLine({ model }: { model: GrowthChartModel }) {
  const latest = model.points[model.points.length - 1];
  if (!latest) {
    return (
      <Text size="sm" c="dimmed">
        No measurement on this chart yet.
      </Text>
    );
  }
  return (
    <Text size="sm">
      Latest: {valueText(model, latest.y)} at {ageText(latest.ageDays, latest.date)}, z-score{' '}
      <Text span fw={700} size="sm">
        {zText(latest.zScore)}
      </Text>
      {latest.status && (
        <Text span fw={700} size="sm" c="red.8">
          {' '}
          · {latest.status}
        </Text>
      )}
    </Text>
  );
}

function ChartFigure({
  series,
  model,
  childName,
}: {
  series: GrowthSeries;
  model: GrowthChartModel;
  childName: string;
}) {
  const titleId = useId();
  return (
    <Box component="figure" m={0} aria-labelledby={titleId}>
      <Stack gap={2} component="figcaption" mb="xs">
        <Title order={3} fz="md" id={titleId}>
          {model.title}
        </Title>
        <LatestLine model={model} />
      </Stack>
      <Text size="xs" c="dimmed" aria-hidden>
        {model.yLabel}
      </Text>
      <Box h={{ base: 260, sm: 300 }}>
        <GrowthChart model={model} description={chartDescription(model, childName)} />
      </Box>
      <Text size="xs" c="dimmed" ta="center" mb="xs" aria-hidden>
        {model.xLabel}
      </Text>
      <Legend />
      <ChartTable series={series} model={model} childName={childName} />
    </Box>
  );
}

function GrowthContent({ series }: { series: GrowthSeries }) {
  const childName = `${series.student.firstName} ${series.student.lastName}`;
  if (series.reason) {
    return (
      <Stack gap="xs">
        <Text size="sm">{series.reason}</Text>
        {series.reason === GROWTH_MESSAGES.noSex && (
          <Anchor
            component={Link}
            to={`/students/${series.student.id}/edit`}
            size="sm"
            fw={600}
            w="fit-content"
          >
            Record the child’s sex
          </Anchor>
        )}
      </Stack>
    );
  }
  if (series.points.length === 0) {
    return (
      <Stack align="center" gap={4} py="md">
        <IconChartLine size={36} stroke={1.4} color="var(--mantine-color-gray-5)" aria-hidden />
        <Text fw={600}>No measurements yet</Text>
        <Text size="sm" c="dimmed" ta="center">
          The growth charts appear after the first measurement.
        </Text>
      </Stack>
    );
  }
  const charts = growthCharts(series);
  return (
    <Stack gap="lg">
      <Text size="sm" c="dimmed">
        {childName}’s measurements against the WHO Child Growth Standards. Below −2 SD is moderate, below −3
        SD severe.
      </Text>
      {charts.map((model, i) => (
        <Fragment key={model.kind}>
          {i > 0 && <Divider />}
          <ChartFigure series={series} model={model} childName={childName} />
        </Fragment>
      ))}
    </Stack>
  );
}

/**
 * The Growth card of a student's page (issue 12): weight-for-age, length/height-for-age and
 * weight-for-length/height with the WHO curves and the child's measurements, each with its numbers as
 * a table; or why there are none. Loaded lazily by the student page (recharts stays out of the first
 * load), so it is the module's default export.
 */
export function GrowthCharts({ studentId }: { studentId: string }) {
  const query = useGrowthSeriesQuery(studentId);
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-label="Growth">
      <Title order={2} fz="h4" mb="md">
        Growth
      </Title>
      {query.isPending ? (
        <PageLoader label="Loading growth charts" />
      ) : query.isError && !query.data ? (
        <RetryPanel error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <Box style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }} aria-busy={query.isFetching}>
          <GrowthContent series={query.data} />
        </Box>
      )}
    </Paper>
  );
}

export default GrowthCharts;
