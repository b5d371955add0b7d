import { Group, Paper, SimpleGrid, Skeleton, Text, ThemeIcon } from '@mantine/core';
import { IconGift, IconPalette, IconSchool, IconUsers, type Icon } from '@tabler/icons-react';
import { useId } from 'react';
import type { DashboardStats, Role } from '@csp/contracts';
import { formatCount } from '../../../lib/numbers.ts';
import classes from './Dashboard.module.css';

interface StatCardProps {
  label: string;
  value: number | undefined;
  icon: Icon;
  color: string;
  /** The figures could not be loaded: show a dash instead of a placeholder. */
  failed?: boolean;
}

/** One figure; a group named by its label so people (and tests) find it by that name. */
function StatCard({ label, value, icon: IconComponent, color, failed }: StatCardProps) {
  const labelId = useId();
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} role="group" aria-labelledby={labelId}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <div style={{ minWidth: 0 }}>
          <Text id={labelId} size="xs" c="dimmed" tt="uppercase" fw={700} lh={1.3}>
            {label}
          </Text>
          {value === undefined && failed ? (
            <Text className={classes.figure} fw={700} lh={1.2} mt={4} c="dimmed">
              —
            </Text>
          ) : value === undefined ? (
            <Skeleton height={30} width={48} mt={6} />
          ) : (
            <Text className={classes.figure} fw={700} lh={1.2} mt={4}>
              {formatCount(value)}
            </Text>
          )}
        </div>
        <ThemeIcon variant="light" color={color} size={38} radius="md" visibleFrom="xs" aria-hidden>
          <IconComponent size={22} stroke={1.6} />
        </ThemeIcon>
      </Group>
    </Paper>
  );
}

/** The dashboard's stat cards for the role (spec part 1 §2 "/dashboard"). */
export function StatCards({
  role,
  stats,
  failed = false,
}: {
  role: Role;
  stats: DashboardStats | undefined;
  failed?: boolean;
}) {
  const isAdmin = role === 'ADMIN';
  const cards: StatCardProps[] = [
    ...(isAdmin
      ? [
          {
            label: 'Total Teachers',
            value: stats ? (stats.totalTeachers ?? 0) : undefined,
            icon: IconUsers,
            color: 'indigo',
          },
        ]
      : []),
    isAdmin
      ? { label: 'Total Students', value: stats?.totalStudents, icon: IconSchool, color: 'teal' }
      : {
          label: 'My Students',
          value: stats ? (stats.assignedStudents ?? stats.totalStudents) : undefined,
          icon: IconSchool,
          color: 'teal',
        },
    { label: 'Activities', value: stats?.totalActivities, icon: IconPalette, color: 'grape' },
    { label: 'Pending Gifts', value: stats?.pendingGifts, icon: IconGift, color: 'orange' },
  ];
  return (
    <SimpleGrid cols={{ base: 2, md: cards.length }} spacing={{ base: 'xs', sm: 'md' }}>
      {cards.map((card) => (
        <StatCard key={card.label} {...card} failed={failed} />
      ))}
    </SimpleGrid>
  );
}
