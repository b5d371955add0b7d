import type { AtRiskCondition, AtRiskEntry } from '@csp/contracts';
import { Anchor, Badge, Button, Group, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconHeartHandshake, IconMoodHappy } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { DashboardPanel, PanelLink } from '../../../components/DashboardPanel.tsx';
import { PagedList } from '../../../components/PagedList.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { useListParams } from '../../../lib/listParams.ts';
import { useCurrentUser } from '../../../lib/auth-context.ts';
import { AT_RISK_PAGE_SIZE, atRiskList } from '../api/growth.api.ts';
import { GrowthBadges } from './GrowthBadges.tsx';
import { AT_RISK_CONDITION_LABELS, AT_RISK_FILTER_OPTIONS, isAtRiskCondition } from '../growth-display.ts';

/** The dashboard's panel shows this many children, then 'View all'. */
export const AT_RISK_PREVIEW_SIZE = 5;

/** The address parameters of the full panel (the status page has its own 'page' and 'search'). */
export const RISK_PARAM = 'risk';
const RISK_PAGE_PARAM = 'riskPage';

/** Where the dashboard's 'View all' leads, keeping the condition chosen there. */
export const atRiskPageLink = (condition?: AtRiskCondition) =>
  `/measurements/status?${RISK_PARAM}=${condition ?? 'all'}`;

const teacherText = (e: AtRiskEntry) =>
  e.assignedTeacher ? `${e.assignedTeacher.firstName} ${e.assignedTeacher.lastName}` : 'Not assigned';

/** One child: name (to the student's page), student ID, the latest measurement, badges, teacher. */
function AtRiskRow({ entry, withTeacher }: { entry: AtRiskEntry; withTeacher: boolean }) {
  const name = `${entry.firstName} ${entry.lastName}`;
  return (
    <Group
      component="li"
      aria-label={name}
      justify="space-between"
      align="flex-start"
      gap="xs"
      py="sm"
      style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
    >
      <div style={{ minWidth: 0, flex: '1 1 220px' }}>
        <Anchor
          component={Link}
          to={`/students/${entry.id}`}
          fw={600}
          size="sm"
          style={{ overflowWrap: 'anywhere' }}
        >
          {name}
        </Anchor>
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {entry.studentId} · Measured{' '}
          <Anchor
            component={Link}
            to={`/measurements/${entry.measurement.id}`}
            size="xs"
            inherit
            underline="always"
          >
            {formatDate(entry.measurement.date)}
          </Anchor>
          {withTeacher && ` · Teacher: ${teacherText(entry)}`}
        </Text>
      </div>
      <GrowthBadges growth={entry.measurement} style={{ flex: '0 1 auto' }} />
    </Group>
  );
}

interface PanelViewProps {
  condition: AtRiskCondition | undefined;
  onConditionChange: (condition: AtRiskCondition | undefined) => void;
  page: number;
  onPageChange: (page: number) => void;
  limit: number;
  /** Beside the title (the dashboard's 'View all'). */
  action?: ReactNode;
  /** Whether the list's pager is shown (when there is more than one page). */
  withPager: boolean;
}

function ChildrenAtRiskView({
  condition,
  onConditionChange,
  page,
  onPageChange,
  limit,
  action,
  withPager,
}: PanelViewProps) {
  const me = useCurrentUser();
  const isAdmin = me.role === 'ADMIN';
  const query = atRiskList.usePage({ condition, page, limit }, { silent: true });
  const total = query.data?.total ?? 0;
  const what = condition ? AT_RISK_CONDITION_LABELS[condition].toLowerCase() : undefined;

  return (
    <DashboardPanel
      title="Children at risk"
      icon={
        <ThemeIcon variant="light" color="orange" size={28} radius="md" aria-hidden>
          <IconHeartHandshake size={16} />
        </ThemeIcon>
      }
      badge={
        query.data && (
          <Badge color="orange" variant="light" aria-label={`${total} children`}>
            {total}
          </Badge>
        )
      }
      action={action}
      description="Whose latest measurement is below −2 SD of the WHO standards, or whose weight is falling."
    >
      <Group gap={6} role="group" aria-label="Filter by condition">
        {AT_RISK_FILTER_OPTIONS.map((o) => {
          const active = (condition ?? '') === o.value;
          return (
            <Button
              key={o.value || 'all'}
              size="compact-sm"
              variant={active ? 'filled' : 'default'}
              aria-pressed={active}
              onClick={() => onConditionChange(o.value || undefined)}
            >
              {o.label}
            </Button>
          );
        })}
      </Group>

      <PagedList
        query={query}
        page={page}
        pageSize={limit}
        onPage={onPageChange}
        loadingLabel="Loading children at risk"
        loading={
          <Stack gap="xs">
            <Skeleton height={44} radius="sm" />
            <Skeleton height={44} radius="sm" />
          </Stack>
        }
        empty={
          <Stack align="center" gap={4} py="lg">
            <IconMoodHappy size={32} stroke={1.4} color="var(--mantine-color-gray-5)" aria-hidden />
            <Text fw={600}>No children at risk</Text>
            <Text size="sm" c="dimmed" ta="center">
              {what
                ? `No child’s latest measurement shows ${what}.`
                : 'No child’s latest measurement shows stunting, wasting, underweight or falling weight.'}
            </Text>
          </Stack>
        }
        pagerLabel="Children at risk pages"
        pager={withPager ? 'several-pages' : 'never'}
      >
        {(rows) => (
          <Stack
            gap={0}
            component="ul"
            m={0}
            p={0}
            style={{ listStyle: 'none' }}
            aria-label="Children at risk"
          >
            {rows.map((e) => (
              <AtRiskRow key={e.id} entry={e} withTeacher={isAdmin} />
            ))}
          </Stack>
        )}
      </PagedList>
    </DashboardPanel>
  );
}

/** The dashboard's panel: 5 children, the filter kept on the page, and 'View all' to the full list. */
function CompactChildrenAtRisk() {
  const [condition, setCondition] = useState<AtRiskCondition | undefined>(undefined);
  const [page, setPage] = useState(1);
  return (
    <ChildrenAtRiskView
      condition={condition}
      onConditionChange={(c) => {
        setCondition(c);
        setPage(1);
      }}
      page={page}
      onPageChange={setPage}
      limit={AT_RISK_PREVIEW_SIZE}
      withPager={false}
      action={<PanelLink to={atRiskPageLink(condition)}>View all</PanelLink>}
    />
  );
}

/** The full list (10 a page): the condition and the page live in the address ('risk', 'riskPage'). */
function FullChildrenAtRisk() {
  const { params, update } = useListParams();
  const risk = params.get(RISK_PARAM);
  const condition = isAtRiskCondition(risk) ? risk : undefined;
  const page = Math.max(1, Math.floor(Number(params.get(RISK_PAGE_PARAM))) || 1);
  return (
    <ChildrenAtRiskView
      condition={condition}
      onConditionChange={(c) => update({ [RISK_PARAM]: c ?? 'all', [RISK_PAGE_PARAM]: undefined })}
      page={page}
      onPageChange={(p) => update({ [RISK_PAGE_PARAM]: p > 1 ? String(p) : undefined })}
      limit={AT_RISK_PAGE_SIZE}
      withPager
    />
  );
}

/**
 * 'Children at risk' (issue 12): children whose latest measurement is stunted, wasted, underweight or
 * falling, filtered by condition; teachers see their own children, administrators every child with
 * the teacher's name. `compact` is the dashboard's preview; otherwise the full, paged list.
 */
export function ChildrenAtRiskPanel({ compact = false }: { compact?: boolean }) {
  return compact ? <CompactChildrenAtRisk /> : <FullChildrenAtRisk />;
}
