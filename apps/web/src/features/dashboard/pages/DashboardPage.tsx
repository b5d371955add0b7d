import type { Role } from '@csp/contracts';
import { Stack, Text, Title } from '@mantine/core';
import { useDeferredValue } from 'react';
import { PageTitle } from '../../../components/PageTitle.tsx';
import { useCurrentUser } from '../../../lib/auth-context.ts';
import { BackupWarning } from '../../backups/components/BackupWarning.tsx';
import { ChildrenAtRiskPanel } from '../../growth/components/ChildrenAtRiskPanel.tsx';
import { useDashboardStatsQuery } from '../api/dashboard.api.ts';
import { LeaveApprovalsPanel } from '../components/LeaveApprovalsPanel.tsx';
import { MeasurementStatusPanel } from '../components/MeasurementStatusPanel.tsx';
import { QuickActions } from '../components/QuickActions.tsx';
import { StatCards } from '../components/StatCards.tsx';

/**
 * The stat cards with their figures. The query lives here, not in the page, so that its answer renders
 * the cards alone rather than the whole page again (the panels answer their own queries).
 */
function DashboardStats({ role }: { role: Role }) {
  const stats = useDashboardStatsQuery();
  // Rendered in slices, as the panels' contents are (components/DashboardPanel.tsx).
  return useDeferredValue(<StatCards role={role} stats={stats.data} failed={stats.isError} />);
}

/**
 * /dashboard (spec part 1 §2): greeting, stat cards, quick actions, leave and measurement panels, and
 * the children at risk (growth monitoring, issue 12).
 */
export function DashboardPage() {
  const user = useCurrentUser();
  const isAdmin = user.role === 'ADMIN';
  return (
    <Stack gap="lg">
      <div>
        <PageTitle>{`Welcome back, ${user.firstName}!`}</PageTitle>
        <Text c="dimmed" mt={4}>
          {isAdmin ? 'Here is what is happening in the programme.' : 'Here is how your students are doing.'}
        </Text>
      </div>

      {isAdmin && <BackupWarning />}

      <DashboardStats role={user.role} />

      <section aria-labelledby="quick-actions">
        <Title order={2} size="h4" id="quick-actions" mb="sm">
          Quick Actions
        </Title>
        <QuickActions role={user.role} />
      </section>

      {isAdmin && <LeaveApprovalsPanel />}

      <MeasurementStatusPanel />

      <ChildrenAtRiskPanel compact />
    </Stack>
  );
}
