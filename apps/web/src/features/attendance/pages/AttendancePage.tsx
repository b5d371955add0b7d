import { ATTENDANCE_MESSAGES } from '@csp/contracts';
import { Group, Paper, SegmentedControl, Select, Stack, Tabs, Text } from '@mantine/core';
import { IconCalendarMonth, IconList, IconUserSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { withChanges } from '../../../lib/listParams.ts';
import { useCurrentUser } from '../../../lib/auth-context.ts';
import { useTeacherOptionsQuery } from '../../leaves/api/leaves.api.ts';
import { personName } from '../attendance-display.ts';
import { AdminDashboardPanel } from '../components/AdminDashboard.tsx';
import { AttendanceCalendar } from '../components/AttendanceCalendar.tsx';
import { AttendanceListView } from '../components/AttendanceListView.tsx';
import { BulkReview } from '../components/BulkReview.tsx';
import { TeacherManagement } from '../components/TeacherManagement.tsx';
import { TodayCard } from '../components/TodayCard.tsx';

type View = 'calendar' | 'list';
const ADMIN_TABS = [
  { value: 'all', label: 'All Attendance' },
  { value: 'dashboard', label: 'Admin Dashboard' },
  { value: 'teachers', label: 'Teacher Management' },
  { value: 'bulk', label: 'Bulk Review' },
] as const;
type AdminTab = (typeof ADMIN_TABS)[number]['value'];

/** The page's tab and view live in the address (Back returns to them); the defaults are left out. */
function usePageParams() {
  const [params, setParams] = useSearchParams();
  const view: View = params.get('view') === 'list' ? 'list' : 'calendar';
  const tabParam = params.get('tab');
  const tab: AdminTab = ADMIN_TABS.some((t) => t.value === tabParam) ? (tabParam as AdminTab) : 'all';
  const set = (changes: Record<string, string | undefined>) =>
    setParams((prev) => withChanges(prev, changes), { replace: true });
  return {
    view,
    tab,
    setView: (v: View) => set({ view: v === 'calendar' ? undefined : v }),
    setTab: (t: AdminTab) => set({ tab: t === 'all' ? undefined : t }),
  };
}

function ViewToggle({ view, onChange }: { view: View; onChange: (v: View) => void }) {
  return (
    <SegmentedControl
      aria-label="View"
      value={view}
      onChange={(v) => onChange(v as View)}
      data={[
        {
          value: 'calendar',
          label: (
            <Group gap={6} justify="center" wrap="nowrap">
              <IconCalendarMonth size={16} aria-hidden />
              <span>Calendar</span>
            </Group>
          ),
        },
        {
          value: 'list',
          label: (
            <Group gap={6} justify="center" wrap="nowrap">
              <IconList size={16} aria-hidden />
              <span>List</span>
            </Group>
          ),
        },
      ]}
      w={{ base: '100%', xs: 260 }}
    />
  );
}

/** The admin's calendar: a teacher to choose first ('Please choose a teacher'), then their month. */
function AdminCalendar({
  teacherId,
  onTeacher,
}: {
  teacherId: string | null;
  onTeacher: (id: string | null) => void;
}) {
  const teachers = useTeacherOptionsQuery(true);
  const options = (teachers.data ?? []).map((t) => ({ value: t.id, label: `${personName(t)} (${t.email})` }));
  const chosen = teachers.data?.find((t) => t.id === teacherId);
  return (
    <Stack gap="md">
      <Select
        label="Teacher"
        placeholder={teachers.isPending ? 'Loading teachers...' : 'Choose a teacher'}
        data={options}
        value={teacherId}
        onChange={onTeacher}
        searchable
        clearable
        nothingFoundMessage="No teachers found"
        leftSection={<IconUserSearch size={16} aria-hidden />}
        w={{ base: '100%', sm: 420 }}
        comboboxProps={{ withinPortal: true }}
      />
      {teacherId ? (
        <AttendanceCalendar
          key={teacherId}
          teacherId={teacherId}
          teacherName={chosen && personName(chosen)}
        />
      ) : (
        <Paper withBorder radius="md" p="xl">
          <Text ta="center" c="dimmed">
            {ATTENDANCE_MESSAGES.teacherRequired}
          </Text>
        </Paper>
      )}
    </Stack>
  );
}

/**
 * /attendance (spec part 2 §2.9): a calendar/list view toggle. A teacher ('My Attendance') also has the
 * today check-in/check-out card and sees their own attendance. An administrator gets the tabs All
 * Attendance (everyone's list, or one chosen teacher's calendar), Admin Dashboard, Teacher Management
 * and Bulk Review.
 */
export function AttendancePage() {
  const me = useCurrentUser();
  const isAdmin = me.role === 'ADMIN';
  const { view, tab, setView, setTab } = usePageParams();
  const [calendarTeacher, setCalendarTeacher] = useState<string | null>(null);

  if (!isAdmin) {
    return (
      <Stack gap="lg">
        <PageHeader
          title="My Attendance"
          description="Check in and out each day, and see your attendance by month or as a list."
        />
        <TodayCard />
        <ViewToggle view={view} onChange={setView} />
        {view === 'calendar' ? <AttendanceCalendar teacherId={me.id} /> : <AttendanceListView />}
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <PageHeader
        title="Attendance"
        description="Teachers' check-ins and check-outs: every record, the dashboard, each teacher and bulk review."
      />
      <Tabs value={tab} onChange={(v) => setTab((v ?? 'all') as AdminTab)} keepMounted={false}>
        <Tabs.List>
          {ADMIN_TABS.map((t) => (
            <Tabs.Tab key={t.value} value={t.value} px={{ base: 8, xs: 'md' }}>
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="all" pt="md">
          <Stack gap="md">
            <ViewToggle view={view} onChange={setView} />
            {view === 'calendar' ? (
              <AdminCalendar teacherId={calendarTeacher} onTeacher={setCalendarTeacher} />
            ) : (
              <AttendanceListView />
            )}
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="dashboard" pt="md">
          <AdminDashboardPanel />
        </Tabs.Panel>
        <Tabs.Panel value="teachers" pt="md">
          <TeacherManagement />
        </Tabs.Panel>
        <Tabs.Panel value="bulk" pt="md">
          <BulkReview />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
