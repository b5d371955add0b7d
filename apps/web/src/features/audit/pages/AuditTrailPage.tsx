import {
  AUDIT_ACTIONS,
  AUDIT_ENTITIES,
  auditListQuerySchema,
  isIsoDate,
  type AuditEvent,
  type AuditListQuery,
} from '@csp/contracts';
import { Anchor, Badge, Button, Group, NativeSelect, Paper, Stack, Table, Text } from '@mantine/core';
import { IconHistory, IconRefresh, IconShieldCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { WideTable } from '../../../components/WideTable.tsx';
import { DateField } from '../../../components/DateField.tsx';
import { ListFilters } from '../../../components/ListFilters.tsx';
import { PagedList } from '../../../components/PagedList.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { useListParams } from '../../../lib/listParams.ts';
import { AdminOnly } from '../../../components/AdminOnly.tsx';
import { auditList, useAuditChainCheck } from '../api/audit.api.ts';
import {
  ACTION_LABELS,
  actionColor,
  actionLabel,
  actorLabel,
  ENTITY_LABELS,
  entityLabel,
  recordLink,
  shortId,
} from '../audit-display.ts';
import { AuditChanges } from '../components/AuditChanges.tsx';
import { TrailCheckResult } from '../components/TrailCheckResult.tsx';

const TITLE = 'Audit Trail';
const PAGE_SIZE = 20;

const ENTITY_OPTIONS = [
  { value: '', label: 'All records' },
  ...AUDIT_ENTITIES.map((e) => ({ value: e, label: ENTITY_LABELS[e] })),
];
const ACTION_OPTIONS = [
  { value: '', label: 'All actions' },
  ...AUDIT_ACTIONS.map((a) => ({ value: a, label: ACTION_LABELS[a] })),
];

const oneOf = <T extends string>(value: string | null, allowed: readonly T[]): T | undefined =>
  allowed.find((a) => a === value);
const day = (value: string | null) => (value && isIsoDate(value) ? value : undefined);
const recordId = (value: string | null) =>
  value && auditListQuerySchema.shape.entityId.safeParse(value).success ? value : undefined;

type FilterKey = 'entity' | 'action' | 'from' | 'to';

function ActionBadge({ action }: { action: string }) {
  return (
    <Badge variant="light" color={actionColor(action)} style={{ whiteSpace: 'nowrap' }}>
      {actionLabel(action)}
    </Badge>
  );
}

function Who({ event }: { event: AuditEvent }) {
  return (
    <Text size="sm" style={{ overflowWrap: 'anywhere' }} c={event.actorEmail ? undefined : 'dimmed'}>
      {actorLabel(event)}
    </Text>
  );
}

function RecordCell({ event }: { event: AuditEvent }) {
  const label = entityLabel(event.entity);
  const to = recordLink(event.entity, event.entityId);
  const id = event.entityId ? shortId(event.entityId) : '';
  return (
    <Text size="sm" component="div" style={{ whiteSpace: 'nowrap' }}>
      {label}
      {id && ' '}
      {id &&
        (to ? (
          <Anchor component={Link} to={to} size="sm" ff="monospace" aria-label={`Open ${label} ${id}`}>
            {id}
          </Anchor>
        ) : (
          <Text span size="sm" ff="monospace" c="dimmed">
            {id}
          </Text>
        ))}
    </Text>
  );
}

const When = ({ at }: { at: string }) => (
  <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
    <time dateTime={at}>{formatDateTime(at)}</time>
  </Text>
);

/** Wide screens: one row an event. */
function AuditTable({ events }: { events: AuditEvent[] }) {
  return (
    <Paper withBorder radius="md" visibleFrom="md" style={{ overflow: 'hidden' }}>
      <WideTable minWidth={760}>
        <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
          <Table.Thead bg="var(--mantine-color-gray-0)">
            <Table.Tr>
              <Table.Th>When</Table.Th>
              <Table.Th>Who</Table.Th>
              <Table.Th>Action</Table.Th>
              <Table.Th>Record</Table.Th>
              <Table.Th>Changes</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {events.map((e) => (
              <Table.Tr key={e.id}>
                <Table.Td>
                  <When at={e.at} />
                </Table.Td>
                <Table.Td maw={240}>
                  <Who event={e} />
                </Table.Td>
                <Table.Td>
                  <ActionBadge action={e.action} />
                </Table.Td>
                <Table.Td>
                  <RecordCell event={e} />
                </Table.Td>
                <Table.Td maw={380}>
                  <AuditChanges changes={e.changes} names={e.names} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </WideTable>
    </Paper>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      {children}
    </div>
  );
}

/** Small screens: one card an event with the same facts. */
function AuditCards({ events }: { events: AuditEvent[] }) {
  return (
    <Stack gap="sm" hiddenFrom="md" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
      {events.map((e) => (
        <Paper
          component="li"
          key={e.id}
          withBorder
          radius="md"
          p="md"
          aria-label={`${actionLabel(e.action)} ${entityLabel(e.entity)}`}
        >
          <Stack gap="xs">
            <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
              <ActionBadge action={e.action} />
              <Text size="xs" c="dimmed" ta="right">
                <time dateTime={e.at}>{formatDateTime(e.at)}</time>
              </Text>
            </Group>
            <Fact label="Record">
              <RecordCell event={e} />
            </Fact>
            <Fact label="Who">
              <Who event={e} />
            </Fact>
            {Object.keys(e.changes).length > 0 && (
              <Fact label="Changes">
                <AuditChanges changes={e.changes} names={e.names} />
              </Fact>
            )}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

function Trail() {
  const { params, page, update, setPage } = useListParams();
  const filters: Omit<AuditListQuery, 'page' | 'limit'> = {
    entity: oneOf(params.get('entity'), AUDIT_ENTITIES),
    action: oneOf(params.get('action'), AUDIT_ACTIONS),
    from: day(params.get('from')),
    to: day(params.get('to')),
    // One record's events: the link from a record's History panel.
    entityId: recordId(params.get('entityId')),
  };
  const narrowed = Object.values(filters).some(Boolean);

  const query = auditList.usePage({ ...filters, page, limit: PAGE_SIZE });
  const chainCheck = useAuditChainCheck();

  /** Any filter change goes back to page 1 (the address without a page). */
  const choose = (key: FilterKey, value: string) => update({ [key]: value || undefined, page: undefined });
  const reset = () =>
    update({
      entity: undefined,
      action: undefined,
      from: undefined,
      to: undefined,
      entityId: undefined,
      page: undefined,
    });

  return (
    <Stack gap="lg">
      <PageHeader
        title={TITLE}
        description="Who changed what, and when: every change to the programme's records, newest first."
        action={
          <Button
            variant="light"
            leftSection={<IconShieldCheck size={16} aria-hidden />}
            loading={chainCheck.isPending}
            onClick={() => chainCheck.mutate()}
          >
            Check the trail
          </Button>
        }
      />
      {chainCheck.data && !chainCheck.isPending && <TrailCheckResult check={chainCheck.data} />}

      <ListFilters
        cols={{ base: 1, xs: 2, md: 4 }}
        actions={
          narrowed && (
            <>
              {filters.entityId && (
                <Text size="sm" c="dimmed" mr="auto">
                  One record only:{' '}
                  <Text span ff="monospace" size="sm">
                    {shortId(filters.entityId)}
                  </Text>
                </Text>
              )}
              <Button
                variant="subtle"
                size="xs"
                leftSection={<IconRefresh size={14} aria-hidden />}
                onClick={reset}
              >
                Reset Filters
              </Button>
            </>
          )
        }
      >
        <NativeSelect
          label="Record type"
          data={ENTITY_OPTIONS}
          value={filters.entity ?? ''}
          onChange={(e) => choose('entity', e.currentTarget.value)}
        />
        <NativeSelect
          label="Action"
          data={ACTION_OPTIONS}
          value={filters.action ?? ''}
          onChange={(e) => choose('action', e.currentTarget.value)}
        />
        <DateField
          label="From"
          placeholder="Any date"
          value={filters.from ?? ''}
          maxDate={filters.to}
          onChange={(v) => choose('from', v)}
        />
        <DateField
          label="To"
          placeholder="Any date"
          value={filters.to ?? ''}
          minDate={filters.from}
          onChange={(v) => choose('to', v)}
        />
      </ListFilters>

      <PagedList
        query={query}
        page={page}
        pageSize={PAGE_SIZE}
        onPage={setPage}
        loadingLabel="Loading the audit trail"
        empty={{
          icon: IconHistory,
          text: narrowed ? 'No events match these filters' : 'No events recorded yet',
        }}
        pagerLabel="Audit trail pages"
      >
        {(events) => (
          <>
            <AuditTable events={events} />
            <AuditCards events={events} />
          </>
        )}
      </PagedList>
    </Stack>
  );
}

/**
 * /admin/audit (administrators): the whole trail, newest first, 20 a page, filtered by record type,
 * action and a from/to day, or one record's events (`entityId`, from its History panel). Filters and
 * page live in the address; a filter change goes back to page 1.
 */
export function AuditTrailPage() {
  return (
    <AdminOnly title={TITLE}>
      <Trail />
    </AdminOnly>
  );
}
