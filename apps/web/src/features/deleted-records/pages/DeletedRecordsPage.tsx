import { DELETED_KIND_NOUNS, DELETED_RECORD_MESSAGES as M, type DeletedKind } from '@csp/contracts';
import { Badge, Paper, Stack, Tabs, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArchive } from '@tabler/icons-react';
import { useState } from 'react';
import { PagedList } from '../../../components/PagedList.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { useListParams } from '../../../lib/listParams.ts';
import { AdminOnly } from '../../../components/AdminOnly.tsx';
import {
  DELETED_PAGE_SIZE,
  useDeletedCounts,
  useDeletedRecordsQuery,
  type DeletedRowOf,
} from '../api/deleted-records.api.ts';
import { DeletedRecordList } from '../components/DeletedRecordList.tsx';
import { PermanentDeleteDialogs, RestoreDialog, type RecordTarget } from '../components/RecordDialogs.tsx';
import { RECORD_VIEWS } from '../components/record-views.tsx';
import { DELETED_TABS, listLabel, tabFromParam, tabParam } from '../deleted-records-display.ts';

const TITLE = 'Deleted Records';

/** A tab with nothing deleted: 'No deleted users' and 'All users are active.' (spec part 2 §2.7). */
function EmptyKind({ kind }: { kind: DeletedKind }) {
  return (
    <Paper withBorder radius="md" p="xl">
      <Stack align="center" gap="xs">
        <ThemeIcon size={48} radius="xl" variant="light" color="gray" aria-hidden>
          <IconArchive size={26} />
        </ThemeIcon>
        <Title order={2} fz="h4" ta="center">
          {M.emptyTitle(kind)}
        </Title>
        <Text c="dimmed" ta="center">
          {M.emptyText(kind)}
        </Text>
      </Stack>
    </Paper>
  );
}

/** A tab's count beside its label; nothing until it is known. */
function CountBadge({ count, active }: { count: number | undefined; active: boolean }) {
  if (count === undefined) return null;
  return (
    <Badge size="sm" circle={count < 10} variant={active ? 'filled' : 'light'} color={count ? 'red' : 'gray'}>
      {count}
    </Badge>
  );
}

/** The open tab: one server page of the kind's deleted records, newest deletion first, and the pager. */
function KindPanel<K extends DeletedKind>({
  kind,
  page,
  setPage,
  onRestore,
  onDeleteForever,
}: {
  kind: K;
  page: number;
  setPage: (page: number) => void;
  onRestore: (target: RecordTarget) => void;
  onDeleteForever: (target: RecordTarget) => void;
}) {
  const query = useDeletedRecordsQuery(kind, page);
  const view = RECORD_VIEWS[kind];
  const noun = DELETED_KIND_NOUNS[kind];
  const target = (row: DeletedRowOf[K]): RecordTarget => ({ kind, id: row.id, name: view.name(row) });

  return (
    <PagedList
      query={query}
      page={page}
      pageSize={DELETED_PAGE_SIZE}
      onPage={setPage}
      loadingLabel={`Loading deleted ${noun.toLowerCase()} records`}
      empty={<EmptyKind kind={kind} />}
      pagerLabel={`Deleted ${noun.toLowerCase()} pages`}
    >
      {(rows) => (
        <DeletedRecordList
          rows={rows}
          view={view}
          label={listLabel(kind)}
          onRestore={(row) => onRestore(target(row))}
          onDeleteForever={(row) => onDeleteForever(target(row))}
        />
      )}
    </PagedList>
  );
}

/**
 * /admin/deleted-records (spec part 2 §2.7, administrators): a tab per kind — users, students,
 * activities, measurements and home visits (decision 0010) — each with its count, 10 records a page
 * read from the server, newest deletion first. Each record can be restored (a plain confirmation) or
 * deleted forever (a warning, then DELETE typed). The tab and the page live in the address.
 */
function DeletedRecords() {
  const { params, page, update, setPage } = useListParams();
  const kind = tabFromParam(params.get('tab'));
  const counts = useDeletedCounts();
  const [restoring, setRestoring] = useState<RecordTarget | null>(null);
  const [deleting, setDeleting] = useState<RecordTarget | null>(null);

  const chooseTab = (value: string | null) => update({ tab: tabParam(tabFromParam(value)), page: undefined });

  return (
    <Stack gap="lg">
      <PageHeader
        title={TITLE}
        description="Records deleted from the programme: restore them exactly as they were, or delete them forever."
      />

      <Tabs value={kind} onChange={chooseTab} keepMounted={false}>
        <Tabs.List>
          {DELETED_TABS.map((t) => (
            <Tabs.Tab
              key={t.kind}
              value={t.kind}
              px={{ base: 'xs', xs: 'md' }}
              rightSection={<CountBadge count={counts[t.kind]} active={t.kind === kind} />}
            >
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {DELETED_TABS.map((t) => (
          <Tabs.Panel key={t.kind} value={t.kind} pt="md">
            <KindPanel
              kind={t.kind}
              page={page}
              setPage={setPage}
              onRestore={setRestoring}
              onDeleteForever={setDeleting}
            />
          </Tabs.Panel>
        ))}
      </Tabs>

      <RestoreDialog target={restoring} onClose={() => setRestoring(null)} />
      <PermanentDeleteDialogs target={deleting} onClose={() => setDeleting(null)} />
    </Stack>
  );
}

export function DeletedRecordsPage() {
  return (
    <AdminOnly title={TITLE}>
      <DeletedRecords />
    </AdminOnly>
  );
}
