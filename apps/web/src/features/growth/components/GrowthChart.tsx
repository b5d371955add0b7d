import { Paper, Text } from '@mantine/core';
import {
  CartesianGrid,
  ScatterChart,
  Line,
  ResponsiveContainer,
  Scatter,
  Tooltip,
  XAxis,
  YAxis,
  ZAxis,
  type TooltipContentProps,
} from 'recharts';
import { formatDate } from '../../../lib/dates.ts';
import { ageText, valueText, zText, type ChartPoint, type GrowthChartModel } from './growth-chart-data.ts';

/**
 * One growth chart drawn with recharts on two number axes: the five WHO curves as lines with their own
 * data and the child's measurements as dots joined in time order. A ScatterChart, not a ComposedChart:
 * only its tooltips follow the item under the pointer (the child's dot) rather than the x position. The picture is
 * an image for screen readers (role img, named by `description`); the numbers are in the table beside it.
 */

/** The curves' and the child's looks; the legend (GrowthCharts.tsx) draws the same. */
export const CURVE_STYLES = [
  { key: 'sd3', label: '+3 SD', color: 'var(--mantine-color-red-7)', width: 1.25, dash: undefined },
  { key: 'sd2', label: '+2 SD', color: 'var(--mantine-color-orange-6)', width: 1.5, dash: '6 4' },
  { key: 'median', label: 'Median', color: 'var(--mantine-color-green-7)', width: 2, dash: undefined },
  { key: 'sd2neg', label: '−2 SD', color: 'var(--mantine-color-orange-6)', width: 1.5, dash: '6 4' },
  { key: 'sd3neg', label: '−3 SD', color: 'var(--mantine-color-red-7)', width: 1.25, dash: undefined },
] as const;

export const CHILD_COLOR = 'var(--mantine-color-indigo-8)';

const AXIS_TICK = { fontSize: 12, fill: 'var(--mantine-color-dimmed)' };

function ChildTooltip({ active, payload, model }: TooltipContentProps & { model: GrowthChartModel }) {
  const point = payload?.[0]?.payload as ChartPoint | undefined;
  if (!active || !point || !('measurementId' in point)) return null;
  return (
    <Paper withBorder shadow="sm" radius="sm" px="sm" py={6} maw={240}>
      <Text size="sm" fw={700}>
        {formatDate(point.date)}
      </Text>
      <Text size="xs" c="dimmed">
        Age {ageText(point.ageDays, point.date)}
      </Text>
      <Text size="sm">
        {valueText(model, point.y)}
        {model.kind === 'weightForLength' ? ` at ${point.height} cm` : ''}
      </Text>
      <Text size="sm">z-score {zText(point.zScore)}</Text>
      {point.status && (
        <Text size="sm" fw={600} c="red.8">
          {point.status}
        </Text>
      )}
    </Paper>
  );
}

export function GrowthChart({ model, description }: { model: GrowthChartModel; description: string }) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <ScatterChart
        margin={{ top: 8, right: 12, bottom: 0, left: 0 }}
        role="img"
        aria-label={description}
        accessibilityLayer={false}
      >
        <CartesianGrid stroke="var(--mantine-color-default-border)" strokeDasharray="2 4" />
        <XAxis
          type="number"
          dataKey="x"
          domain={model.x.domain}
          ticks={model.x.ticks}
          interval={0}
          allowDataOverflow
          tick={AXIS_TICK}
          tickLine={false}
          height={24}
        />
        <YAxis
          type="number"
          domain={model.y.domain}
          ticks={model.y.ticks}
          interval={0}
          allowDataOverflow
          tick={AXIS_TICK}
          tickLine={false}
          width={34}
        />
        {/* The child's dots: 11 px wide. */}
        <ZAxis range={[100, 100]} />
        {CURVE_STYLES.map((c) => (
          <Line
            key={c.key}
            data={model.curves}
            dataKey={c.key}
            name={c.label}
            type="monotone"
            stroke={c.color}
            strokeWidth={c.width}
            strokeDasharray={c.dash}
            dot={false}
            activeDot={false}
            tooltipType="none"
            isAnimationActive={false}
          />
        ))}
        <Scatter
          data={model.points}
          dataKey="y"
          name="This child"
          fill={CHILD_COLOR}
          stroke="var(--mantine-color-body)"
          strokeWidth={1.5}
          line={{ stroke: CHILD_COLOR, strokeWidth: 2 }}
          lineType="joint"
          isAnimationActive={false}
        />
        <Tooltip
          shared={false}
          cursor={false}
          isAnimationActive={false}
          content={(props) => <ChildTooltip {...props} model={model} />}
        />
      </ScatterChart>
    </ResponsiveContainer>
  );
}
