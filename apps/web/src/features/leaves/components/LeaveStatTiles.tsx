import type { LeaveSummary } from '@csp/contracts';
import { Group, Paper, SimpleGrid, Skeleton, Text, ThemeIcon } from '@mantine/core';
import { IconCircleCheck, IconCircleX, IconClockHour4, IconFileText, type Icon } from '@tabler/icons-react';
import { useId } from 'react';

interface TileProps {
  label: string;
  value: number | undefined;
  icon: Icon;
  color: string;
  failed: boolean;
}

/** One figure; a group named by its label so people (and tests) find it by that name. */
function Tile({ label, value, icon: TileIcon, color, failed }: TileProps) {
  const labelId = useId();
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} role="group" aria-labelledby={labelId}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <div style={{ minWidth: 0 }}>
          <Text id={labelId} size="xs" c="dimmed" tt="uppercase" fw={700} lh={1.3}>
            {label}
          </Text>
          {value === undefined ? (
            failed ? (
              <Text fz={{ base: 24, sm: 28 }} fw={700} lh={1.2} mt={4} c="dimmed">
                —
              </Text>
            ) : (
              <Skeleton height={28} width={40} mt={6} />
            )
          ) : (
            <Text fz={{ base: 24, sm: 28 }} fw={700} lh={1.2} mt={4}>
              {value.toLocaleString()}
            </Text>
          )}
        </div>
        <ThemeIcon variant="light" color={color} size={36} radius="md" visibleFrom="xs" aria-hidden>
          <TileIcon size={20} stroke={1.6} />
        </ThemeIcon>
      </Group>
    </Paper>
  );
}

/** The list's stat tiles (spec part 2 §2.4): Total, Pending, Approved, Rejected. */
export function LeaveStatTiles({ summary, failed }: { summary: LeaveSummary | undefined; failed: boolean }) {
  const tiles: Omit<TileProps, 'failed'>[] = [
    { label: 'Total', value: summary?.total, icon: IconFileText, color: 'indigo' },
    { label: 'Pending', value: summary?.pending, icon: IconClockHour4, color: 'yellow' },
    { label: 'Approved', value: summary?.approved, icon: IconCircleCheck, color: 'green' },
    { label: 'Rejected', value: summary?.rejected, icon: IconCircleX, color: 'red' },
  ];
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing={{ base: 'xs', sm: 'md' }}>
      {tiles.map((t) => (
        <Tile key={t.label} {...t} failed={failed} />
      ))}
    </SimpleGrid>
  );
}
