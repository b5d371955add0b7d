import type { DashboardLeave } from '@csp/contracts';
import { Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCalendarOff } from '@tabler/icons-react';
import { DashboardPanel, PanelLink } from '../../../components/DashboardPanel.tsx';
import { UserAvatar } from '../../../components/UserAvatar.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { useLeavesTodayTomorrowQuery } from '../api/dashboard.api.ts';

/** '3 Mar 2026' for a one-day leave, '3 Mar 2026 – 5 Mar 2026' otherwise. */
export function leaveRange(leave: Pick<DashboardLeave, 'startDate' | 'endDate'>): string {
  return leave.startDate === leave.endDate
    ? formatDate(leave.startDate)
    : `${formatDate(leave.startDate)} – ${formatDate(leave.endDate)}`;
}

function LeaveDay({
  title,
  leaves,
  empty,
  loading,
}: {
  title: string;
  leaves: DashboardLeave[] | undefined;
  empty: string;
  loading: boolean;
}) {
  return (
    <section aria-label={title}>
      <Group gap="xs" mb="xs">
        <Title order={3} size="h5">
          {title}
        </Title>
        {leaves && (
          <Text size="xs" c="dimmed">
            ({leaves.length})
          </Text>
        )}
      </Group>
      {loading ? (
        <Skeleton height={52} radius="md" />
      ) : !leaves || leaves.length === 0 ? (
        <Group
          gap="xs"
          p="sm"
          wrap="nowrap"
          bg="var(--mantine-color-gray-0)"
          style={{ borderRadius: 'var(--mantine-radius-md)' }}
        >
          <IconCalendarOff size={18} color="var(--mantine-color-dimmed)" aria-hidden />
          <Text size="sm" c="dimmed">
            {empty}
          </Text>
        </Group>
      ) : (
        <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {leaves.map((leave) => (
            <li key={leave.id}>
              <Group
                gap="sm"
                p="sm"
                wrap="nowrap"
                align="flex-start"
                bg="var(--mantine-color-orange-0)"
                style={{ borderRadius: 'var(--mantine-radius-md)' }}
              >
                <UserAvatar user={leave.teacher} size={34} />
                <div style={{ minWidth: 0, flex: 1 }}>
                  <Text size="sm" fw={600} truncate>
                    {leave.teacher.firstName} {leave.teacher.lastName}
                  </Text>
                  <Text size="sm" c="dimmed" lineClamp={2}>
                    {leave.reason}
                  </Text>
                  <Text size="xs" c="dimmed" mt={2}>
                    {leaveRange(leave)}
                  </Text>
                </div>
              </Group>
            </li>
          ))}
        </Stack>
      )}
    </section>
  );
}

/** ADMIN only: teachers on approved leave today and tomorrow, with a link to /leaves. */
export function LeaveApprovalsPanel() {
  const { data, isPending, isError } = useLeavesTodayTomorrowQuery(true);
  return (
    <DashboardPanel
      title="Today & Tomorrow Leave Approvals"
      action={<PanelLink to="/leaves">View all leaves</PanelLink>}
    >
      {isError ? (
        <Text size="sm" c="dimmed">
          The leaves could not be loaded.
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <LeaveDay title="Today" leaves={data?.today} empty="No approved leaves today" loading={isPending} />
          <LeaveDay
            title="Tomorrow"
            leaves={data?.tomorrow}
            empty="No approved leaves tomorrow"
            loading={isPending}
          />
        </SimpleGrid>
      )}
    </DashboardPanel>
  );
}
