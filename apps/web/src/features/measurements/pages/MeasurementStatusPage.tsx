import { CATEGORY_LABELS, type MeasurementStatusEntry } from '@csp/contracts';
import {
  Anchor,
  Badge,
  Grid,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { IconUsersGroup } from '@tabler/icons-react';
import { useEffect, useId, useRef } from 'react';
import { Link } from 'react-router';
import { WideTable } from '../../../components/WideTable.tsx';
import { BackLink } from '../../../components/BackLink.tsx';
import { DetailItem } from '../../../components/DetailItem.tsx';
import { ListFilters } from '../../../components/ListFilters.tsx';
import { PagedList } from '../../../components/PagedList.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { useListParams } from '../../../lib/listParams.ts';
import { CategoryBadge } from '../../students/components/StudentBits.tsx';
import { useCurrentUser } from '../../../lib/auth-context.ts';
import { ChildrenAtRiskPanel, RISK_PARAM } from '../../growth/components/ChildrenAtRiskPanel.tsx';
import { useUsersQuery } from '../../users/api/users.api.ts';
import { statusList, useStatusSummaryQuery } from '../api/measurements.api.ts';
import {
  CATEGORY_FILTER_OPTIONS,
  COUNTERS,
  isCategory,
  isStatusKey,
  isStatusOrder,
  ORDER_OPTIONS,
  STATUS_COLORS,
  STATUS_FILTER_OPTIONS,
  STATUS_LABELS,
  STATUS_PAGE_SIZE,
  statusDetail,
  statusKeyOf,
  type StatusFilters,
} from '../measurement-status.ts';
import { formatCount } from '../../../lib/numbers.ts';

function Counter({ label, value, color }: { label: string; value: number | undefined; color: string }) {
  const id = useId();
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      role="group"
      aria-labelledby={id}
      h="100%"
      style={{ borderTop: `3px solid var(--mantine-color-${color}-6)` }}
    >
      <Text id={id} size="xs" c="dimmed" tt="uppercase" fw={700} lh={1.3}>
        {label}
      </Text>
      {value === undefined ? (
        <Skeleton height={30} width={48} mt={6} />
      ) : (
        <Text fz={{ base: 26, sm: 30 }} fw={700} lh={1.2} mt={4}>
          {formatCount(value)}
        </Text>
      )}
    </Paper>
  );
}

function StatusBadge({ entry }: { entry: MeasurementStatusEntry }) {
  const key = statusKeyOf(entry);
  return (
    <Badge variant="light" color={STATUS_COLORS[key]}>
      {STATUS_LABELS[key]}
    </Badge>
  );
}

const daysSinceText = (e: MeasurementStatusEntry) =>
  e.daysSinceLastMeasurement === null ? '—' : `${e.daysSinceLastMeasurement} days`;
const teacherText = (e: MeasurementStatusEntry) =>
  e.assignedTeacher ? `${e.assignedTeacher.firstName} ${e.assignedTeacher.lastName}` : 'Not assigned';
const lastText = (e: MeasurementStatusEntry) =>
  e.lastMeasurement ? formatDate(e.lastMeasurement.date) : 'Never';

function StudentLink({ entry }: { entry: MeasurementStatusEntry }) {
  return (
    <Anchor component={Link} to={`/students/${entry.id}`} fw={600} size="sm">
      {entry.firstName} {entry.lastName}
    </Anchor>
  );
}

/** Wide screens: the table of spec part 1 §2 "/measurements/status". */
function StatusTable({ rows }: { rows: MeasurementStatusEntry[] }) {
  return (
    <Paper withBorder radius="md" visibleFrom="sm" style={{ overflow: 'hidden' }}>
      <WideTable minWidth={760}>
        <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover aria-label="Measurement status">
          <Table.Thead bg="var(--mantine-color-gray-0)">
            <Table.Tr>
              <Table.Th>Student</Table.Th>
              <Table.Th>Category</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Last Measured</Table.Th>
              <Table.Th>Days Since</Table.Th>
              <Table.Th>Assigned Teacher</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((e) => (
              <Table.Tr key={e.id}>
                <Table.Td>
                  <StudentLink entry={e} />
                  <Text size="xs" c="dimmed">
                    {e.studentId}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <CategoryBadge category={e.category} />
                </Table.Td>
                <Table.Td>
                  <StatusBadge entry={e} />
                  <Text size="xs" c="dimmed" mt={2}>
                    {statusDetail(e)}
                  </Text>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{lastText(e)}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{daysSinceText(e)}</Table.Td>
                <Table.Td>{teacherText(e)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </WideTable>
    </Paper>
  );
}

/** Phones: one card per student with the same facts. */
function StatusCards({ rows }: { rows: MeasurementStatusEntry[] }) {
  return (
    <Stack
      gap="sm"
      hiddenFrom="sm"
      component="ul"
      m={0}
      p={0}
      style={{ listStyle: 'none' }}
      aria-label="Measurement status"
    >
      {rows.map((e) => (
        <Paper
          component="li"
          key={e.id}
          withBorder
          radius="md"
          p="md"
          aria-label={`${e.firstName} ${e.lastName}`}
        >
          <Stack gap="sm">
            <div style={{ minWidth: 0 }}>
              <StudentLink entry={e} />
              <Text size="xs" c="dimmed">
                {e.studentId} · {CATEGORY_LABELS[e.category]}
              </Text>
            </div>
            <Group gap="xs" wrap="wrap">
              <StatusBadge entry={e} />
              <Text size="xs" c="dimmed">
                {statusDetail(e)}
              </Text>
            </Group>
            <SimpleGrid cols={2} spacing="xs" verticalSpacing="xs">
              <DetailItem label="Last measured">{lastText(e)}</DetailItem>
              <DetailItem label="Days since">{daysSinceText(e)}</DetailItem>
              <DetailItem label="Assigned teacher">{teacherText(e)}</DetailItem>
            </SimpleGrid>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

/** Administrators filter by teacher: every teacher (at most 100 listed). */
function TeacherFilter({ value, onChange }: { value: string; onChange: (id: string) => void }) {
  const teachers = useUsersQuery({ role: 'TEACHER', page: 1, limit: 100 });
  const options = (teachers.data?.items ?? []).map((t) => ({
    value: t.id,
    label: `${t.firstName} ${t.lastName}`,
  }));
  return (
    <NativeSelect
      label="Teacher"
      data={[{ value: '', label: 'All teachers' }, ...options]}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
    />
  );
}

/**
 * /measurements/status (spec part 1 §2): five counters, filters (name or student ID, status, category,
 * and teacher for administrators) and 10 students a page in name order, filtered and paged on the
 * server — a table on wide screens, cards on phones. Filters and page live in the address, and so does
 * the order ('Sort by'): `?order=due` (the dashboard lists' 'Show all') lists soonest due first, every page. The link
 * here is shown to administrators; a teacher who opens it sees their own students. Below, the children
 * at risk (growth monitoring), 10 a page, their condition and page in the address too.
 */
export function MeasurementStatusPage() {
  const me = useCurrentUser();
  const isAdmin = me.role === 'ADMIN';
  const { params, search, page, update, setPage, searchText, changeSearchText } = useListParams();
  const statusParam = params.get('status');
  const categoryParam = params.get('category');
  const orderParam = params.get('order');
  const filters: StatusFilters = {
    search: search || undefined,
    status: isStatusKey(statusParam) ? statusParam : undefined,
    category: isCategory(categoryParam) ? categoryParam : undefined,
    teacherId: isAdmin ? params.get('teacherId') || undefined : undefined,
    order: isStatusOrder(orderParam) ? orderParam : undefined,
  };
  const query = statusList.usePage({ ...filters, page });
  const summary = useStatusSummaryQuery(filters);
  const choose = (key: string) => (value: string) => update({ [key]: value || undefined, page: undefined });
  // Arriving from the dashboard's 'View all' (?risk=…): once the list above has its height, the
  // children at risk are scrolled into view.
  const risk = useRef<HTMLDivElement>(null);
  const arrivedForRisk = useRef(params.has(RISK_PARAM));
  useEffect(() => {
    if (arrivedForRisk.current && !query.isPending) {
      arrivedForRisk.current = false;
      risk.current?.scrollIntoView({ block: 'start' });
    }
  }, [query.isPending]);

  return (
    <Stack gap="lg">
      <BackLink to="/measurements">Back to Measurements</BackLink>
      <PageHeader
        title="Measurement Status"
        description="Who is up to date, due within 15 days, overdue or never measured (measured every 2 months)."
      />
      <Grid columns={10} gutter={{ base: 'xs', sm: 'md' }}>
        {COUNTERS.map((c) => (
          <Grid.Col key={c.key} span={{ base: c.key === 'total' ? 10 : 5, md: 2 }}>
            <Counter label={c.label} value={summary.data?.[c.key]} color={c.color} />
          </Grid.Col>
        ))}
      </Grid>

      <ListFilters
        search={{
          label: 'Search students',
          placeholder: 'Name or student ID',
          value: searchText,
          onChange: changeSearchText,
        }}
        cols={{ base: 1, sm: 2, lg: isAdmin ? 5 : 4 }}
      >
        <NativeSelect
          label="Status"
          data={STATUS_FILTER_OPTIONS}
          value={filters.status ?? ''}
          onChange={(e) => choose('status')(e.currentTarget.value)}
        />
        <NativeSelect
          label="Category"
          data={CATEGORY_FILTER_OPTIONS}
          value={filters.category ?? ''}
          onChange={(e) => choose('category')(e.currentTarget.value)}
        />
        {isAdmin && <TeacherFilter value={filters.teacherId ?? ''} onChange={choose('teacherId')} />}
        <NativeSelect
          label="Sort by"
          data={ORDER_OPTIONS}
          value={filters.order === 'due' ? 'due' : ''}
          onChange={(e) => choose('order')(e.currentTarget.value)}
        />
      </ListFilters>

      <PagedList
        query={query}
        page={page}
        pageSize={STATUS_PAGE_SIZE}
        onPage={setPage}
        loadingLabel="Loading measurement status"
        empty={{ icon: IconUsersGroup, text: 'No students found' }}
        pagerLabel="Status pages"
      >
        {(rows) => (
          <>
            <StatusTable rows={rows} />
            <StatusCards rows={rows} />
          </>
        )}
      </PagedList>

      <div ref={risk} style={{ scrollMarginTop: 'calc(var(--app-shell-header-height, 0px) + 16px)' }}>
        <ChildrenAtRiskPanel />
      </div>
    </Stack>
  );
}
