import type { AuditEntity } from '@csp/contracts';
import { Anchor, Badge, Card, Group, Text, Timeline, Title } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { PagedList } from '../../../components/PagedList.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { useCurrentUser } from '../../../lib/auth-context.ts';
import { auditList } from '../api/audit.api.ts';
import { actionColor, actionLabel, actorLabel } from '../audit-display.ts';
import { AuditChanges } from './AuditChanges.tsx';

const PAGE_SIZE = 10;

function History({ entity, entityId }: { entity: AuditEntity; entityId: string }) {
  const [page, setPage] = useState(1);
  const query = auditList.usePage({ entity, entityId, page, limit: PAGE_SIZE });
  const total = query.data?.total ?? 0;

  return (
    <Card withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-label="History">
      <Group justify="space-between" gap="xs" mb="md">
        <Group gap="xs">
          <IconHistory size={20} aria-hidden color="var(--mantine-color-gray-6)" />
          <Title order={2} fz="h4">
            History
          </Title>
        </Group>
        {total > 0 && (
          <Anchor
            component={Link}
            size="sm"
            to={`/admin/audit?${new URLSearchParams({ entity, entityId }).toString()}`}
          >
            Open in Audit Trail
          </Anchor>
        )}
      </Group>
      <PagedList
        query={query}
        page={page}
        pageSize={PAGE_SIZE}
        onPage={setPage}
        loadingLabel="Loading history"
        empty={
          <Text size="sm" c="dimmed">
            No history yet
          </Text>
        }
        pagerLabel="History pages"
      >
        {(events) => (
          <Timeline bulletSize={14} lineWidth={2} active={events.length - 1}>
            {events.map((e) => (
              <Timeline.Item
                key={e.id}
                color={actionColor(e.action)}
                title={
                  <Group gap="xs" wrap="wrap">
                    <Badge variant="light" color={actionColor(e.action)} size="sm">
                      {actionLabel(e.action)}
                    </Badge>
                    <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                      {actorLabel(e)}
                    </Text>
                  </Group>
                }
              >
                <Text size="xs" c="dimmed" mb={4}>
                  <time dateTime={e.at}>{formatDateTime(e.at)}</time>
                </Text>
                <AuditChanges changes={e.changes} names={e.names} />
              </Timeline.Item>
            ))}
          </Timeline>
        )}
      </PagedList>
    </Card>
  );
}

/** A record's audit trail, newest first, 10 a page; shown (and read) only for administrators. */
export function HistoryPanel({ entity, entityId }: { entity: AuditEntity; entityId: string }) {
  const me = useCurrentUser();
  if (me.role !== 'ADMIN') return null;
  return <History key={`${entity}:${entityId}`} entity={entity} entityId={entityId} />;
}
