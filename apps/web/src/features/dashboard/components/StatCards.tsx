import { IconGift, IconPalette, IconSchool, IconUsers } from '@tabler/icons-react';
import type { DashboardStats, Role } from '@csp/contracts';
import { FigureTiles, type Figure } from '../../../components/FigureTiles.tsx';

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
  const cards: Figure[] = [
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
  return <FigureTiles figures={cards} failed={failed} cols={{ base: 2, md: cards.length }} size="large" />;
}
