import type { Notification } from '@csp/contracts';
import {
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Tabs,
  Text,
  ThemeIcon,
} from '@mantine/core';
import { IconBellOff, IconChecks, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { ListFilters } from '../../../components/ListFilters.tsx';
import { PagedList } from '../../../components/PagedList.tsx';
import { PageTitle } from '../../../components/PageTitle.tsx';
import { useListParams } from '../../../lib/listParams.ts';
import { toastError, toastSuccess } from '../../../lib/notify.ts';
import { useOrgToday } from '../../../lib/organisation.ts';
import {
  useNotificationCountsQuery,
  useNotificationMutations,
  useNotificationsPageQuery,
} from '../api/notifications.api.ts';
import { NotificationRow } from '../components/NotificationRow.tsx';
import {
  DATE_FILTER_OPTIONS,
  DEFAULT_PAGE_SIZE,
  emptyState,
  filterParams,
  filtersFromParams,
  hasActiveFilters,
  inboxQuery,
  PAGE_SIZES,
  pageSizeFromParams,
  STATUS_TABS,
  TYPE_FILTER_OPTIONS,
  type DateFilter,
  type StatusTab,
  type TypeFilter,
} from '../inbox.ts';

function Counter({ label, value, color }: { label: string; value: number; color?: string }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }} role="group" aria-label={label}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text fz={{ base: 'xl', sm: 28 }} fw={700} c={color} lh={1.2}>
        {value}
      </Text>
    </Paper>
  );
}

function LoadingRows() {
  return (
    <Stack gap="xs">
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} h={76} radius="md" />
      ))}
    </Stack>
  );
}

const NO_IDS: ReadonlySet<string> = new Set();

function viewKey(params: URLSearchParams, searchText: string): string {
  const rest = new URLSearchParams(params);
  rest.delete('search');
  return `${rest.toString()}|${searchText.trim()}`;
}

/**
 * /notifications — the inbox of spec part 2 §2.5. The server filters and pages (GET /api/notifications
 * with the tab, type, date range, search, page and page size; X-Total-Count), the header counts come
 * from GET /api/notifications/counts. The view lives in the address; the search settles after 300 ms.
 */
export function NotificationsPage() {
  const { params, page, update, setPage, searchText, changeSearchText, clearSearch } = useListParams();
  const filters = filtersFromParams(params);
  const pageSize = pageSizeFromParams(params);
  const today = useOrgToday();

  const query = useNotificationsPageQuery(inboxQuery(filters, page, pageSize, today));
  const countsQuery = useNotificationCountsQuery({ silent: true });
  const { markRead, markAllRead, remove, bulkMarkRead, bulkRemove } = useNotificationMutations();
  /**
   * The ticked rows, for the view (tab, filters, page, size and the search box's text) they were ticked
   * in: any change drops them. The search counts as typed, not as settled, so rows ticked while a search
   * settles stay ticked.
   */
  const view = viewKey(params, searchText);
  const [selection, setSelection] = useState<{ view: string; ids: ReadonlySet<string> }>({
    view,
    ids: NO_IDS,
  });
  const selected = selection.view === view ? selection.ids : NO_IDS;
  const setSelected = (ids: ReadonlySet<string>) => setSelection({ view, ids });
  /** Ids whose own (single) call is running. */
  const [busyIds, setBusyIds] = useState<ReadonlySet<string>>(NO_IDS);
  /** The ids the delete dialog asks about; null while it is closed. */
  const [confirmIds, setConfirmIds] = useState<string[] | null>(null);

  const counts = countsQuery.data ?? { total: 0, unread: 0, read: 0 };
  const items = query.data?.items ?? [];

  const selectedOnPage = items.filter((n) => selected.has(n.id));
  const selectedUnread = selectedOnPage.filter((n) => !n.isRead);
  const allOnPageSelected = items.length > 0 && selectedOnPage.length === items.length;
  /** The list asked for is narrowed (the empty state says so); the box may hold a search still settling. */
  const narrowing = hasActiveFilters(filters);
  const clearable = narrowing || searchText.trim() !== '';
  const extraFilterCount = (filters.type !== 'ALL' ? 1 : 0) + (filters.date !== 'all' ? 1 : 0);
  const bulkBusy = bulkMarkRead.isPending || bulkRemove.isPending;

  /** Any tab or filter change goes back to page 1 (and so drops the selection). */
  const changeFilters = (patch: Parameters<typeof filterParams>[0]) => update(filterParams(patch));

  function toggle(id: string, on: boolean) {
    const next = new Set(selected);
    if (on) next.add(id);
    else next.delete(id);
    setSelected(next);
  }

  function withBusy(id: string, run: (done: () => void) => void) {
    setBusyIds((s) => new Set(s).add(id));
    run(() =>
      setBusyIds((s) => {
        const next = new Set(s);
        next.delete(id);
        return next;
      }),
    );
  }

  function markOne(n: Notification) {
    withBusy(n.id, (done) =>
      markRead.mutate(n.id, {
        onSuccess: () => toastSuccess('Notification marked as read'),
        onSettled: done,
      }),
    );
  }

  function deleteOne(n: Notification) {
    withBusy(n.id, (done) =>
      remove.mutate(n.id, {
        onSuccess: () => {
          toastSuccess('Notification deleted');
          toggle(n.id, false);
        },
        onSettled: done,
      }),
    );
  }

  function markSelectedRead() {
    const ids = selectedUnread.map((n) => n.id);
    if (!ids.length) return;
    bulkMarkRead.mutate(ids, {
      onSuccess: ({ failed }) => {
        if (failed.length) toastError('Failed to mark some notifications as read');
        else toastSuccess('Selected notifications marked as read');
        setSelected(new Set(failed));
      },
      onError: () => toastError('Failed to mark some notifications as read'),
    });
  }

  function deleteConfirmed() {
    if (!confirmIds?.length) return;
    bulkRemove.mutate(confirmIds, {
      onSuccess: ({ failed }) => {
        if (failed.length) toastError('Failed to delete some notifications');
        else toastSuccess('Selected notifications deleted');
        setSelected(new Set(failed));
      },
      onError: () => toastError('Failed to delete some notifications'),
      onSettled: () => setConfirmIds(null),
    });
  }

  function markEverythingRead() {
    markAllRead.mutate(undefined, {
      onSuccess: () => {
        toastSuccess('All notifications marked as read');
        setSelected(NO_IDS);
      },
    });
  }

  const empty = emptyState(filters.status, narrowing);
  const listContent = (
    <PagedList
      query={query}
      page={page}
      pageSize={pageSize}
      onPage={setPage}
      loadingLabel="Loading notifications"
      loading={<LoadingRows />}
      empty={
        <Stack align="center" gap={6} py="xl">
          <ThemeIcon size={56} radius="xl" variant="light" color="gray" aria-hidden>
            <IconBellOff size={30} />
          </ThemeIcon>
          <Text fw={600}>{empty.title}</Text>
          <Text size="sm" c="dimmed" ta="center">
            {empty.hint}
          </Text>
        </Stack>
      }
      pagerLabel="Notification pages"
    >
      {(rows) => (
        <Stack component="ul" gap="xs" m={0} p={0} aria-label="Notifications list">
          {rows.map((n) => (
            <NotificationRow
              key={n.id}
              notification={n}
              selected={selected.has(n.id)}
              onSelectedChange={(on) => toggle(n.id, on)}
              onMarkRead={() => markOne(n)}
              onDelete={() => deleteOne(n)}
              busy={busyIds.has(n.id) || bulkBusy}
            />
          ))}
        </Stack>
      )}
    </PagedList>
  );

  return (
    <Stack gap="lg" maw={1000}>
      <Group justify="space-between" align="center" gap="sm">
        <Group gap="sm" align="center">
          <PageTitle>Notifications</PageTitle>
          {counts.unread > 0 && (
            <Badge color="red" size="lg" variant="filled" aria-label={`${counts.unread} unread`}>
              {counts.unread} unread
            </Badge>
          )}
        </Group>
        {counts.unread > 0 && (
          <Button
            leftSection={<IconChecks size={18} aria-hidden />}
            onClick={markEverythingRead}
            loading={markAllRead.isPending}
          >
            Mark All as Read ({counts.unread})
          </Button>
        )}
      </Group>

      <SimpleGrid cols={3} spacing={{ base: 'xs', sm: 'md' }}>
        <Counter label="Total" value={counts.total} />
        <Counter label="Unread" value={counts.unread} color={counts.unread ? 'red.7' : undefined} />
        <Counter label="Read" value={counts.read} color="teal.7" />
      </SimpleGrid>

      <ListFilters
        search={{
          label: 'Search notifications',
          placeholder: 'Search by title or message',
          value: searchText,
          onChange: changeSearchText,
          maxLength: 100,
        }}
        cols={1}
        filters={{
          activeCount: extraFilterCount,
          toggleLabel: () => 'More Filters',
          children: (
            <Group gap="sm" align="flex-end" wrap="wrap" pt="xs">
              <NativeSelect
                label="Type"
                data={TYPE_FILTER_OPTIONS}
                value={filters.type}
                onChange={(e) => changeFilters({ type: e.currentTarget.value as TypeFilter })}
                style={{ flex: '1 1 180px' }}
              />
              <NativeSelect
                label="Date"
                data={DATE_FILTER_OPTIONS}
                value={filters.date}
                onChange={(e) => changeFilters({ date: e.currentTarget.value as DateFilter })}
                style={{ flex: '1 1 180px' }}
              />
              <Anchor
                component="button"
                type="button"
                size="sm"
                mb={8}
                onClick={() => clearSearch(filterParams({ type: 'ALL', date: 'all' }))}
                disabled={!clearable}
              >
                Clear filters
              </Anchor>
            </Group>
          ),
        }}
      />

      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <Stack gap="md">
          <Tabs
            value={filters.status}
            onChange={(value) => changeFilters({ status: (value ?? 'all') as StatusTab })}
            keepMounted={false}
          >
            <Tabs.List>
              {STATUS_TABS.map((t) => (
                <Tabs.Tab key={t.value} value={t.value}>
                  {t.label}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            {STATUS_TABS.map((t) => (
              <Tabs.Panel key={t.value} value={t.value} pt="md">
                <Stack gap="sm">
                  <Group justify="space-between" gap="sm" wrap="wrap">
                    <Group gap="sm" wrap="wrap">
                      <Checkbox
                        label="Select all"
                        checked={allOnPageSelected}
                        indeterminate={selectedOnPage.length > 0 && !allOnPageSelected}
                        disabled={items.length === 0}
                        onChange={(e) =>
                          setSelected(e.currentTarget.checked ? new Set(items.map((n) => n.id)) : NO_IDS)
                        }
                      />
                      {selectedOnPage.length > 0 && (
                        <Group gap="xs" wrap="wrap">
                          <Text size="sm" c="dimmed">
                            {selectedOnPage.length} selected
                          </Text>
                          <Button
                            size="xs"
                            variant="light"
                            leftSection={<IconChecks size={14} aria-hidden />}
                            onClick={markSelectedRead}
                            disabled={selectedUnread.length === 0 || bulkBusy}
                            loading={bulkMarkRead.isPending}
                          >
                            Mark as Read
                          </Button>
                          <Button
                            size="xs"
                            variant="light"
                            color="red"
                            leftSection={<IconTrash size={14} aria-hidden />}
                            onClick={() => setConfirmIds(selectedOnPage.map((n) => n.id))}
                            disabled={bulkBusy}
                            loading={bulkRemove.isPending}
                          >
                            Delete
                          </Button>
                        </Group>
                      )}
                    </Group>
                    <Group gap="xs" wrap="nowrap">
                      <Text size="sm" c="dimmed" component="label" htmlFor="notification-page-size">
                        Per page
                      </Text>
                      <NativeSelect
                        id="notification-page-size"
                        size="xs"
                        w={72}
                        data={PAGE_SIZES.map(String)}
                        value={String(pageSize)}
                        onChange={(e) => {
                          const size = Number(e.currentTarget.value);
                          update({
                            size: size === DEFAULT_PAGE_SIZE ? undefined : String(size),
                            page: undefined,
                          });
                        }}
                      />
                    </Group>
                  </Group>
                  {listContent}
                </Stack>
              </Tabs.Panel>
            ))}
          </Tabs>
        </Stack>
      </Paper>

      <ConfirmDialog
        opened={confirmIds !== null}
        onClose={() => setConfirmIds(null)}
        title="Delete notifications"
        confirmLabel="Delete"
        confirmColor="red"
        onConfirm={deleteConfirmed}
        busy={bulkRemove.isPending}
      >
        <Text size="sm">
          Delete{' '}
          {confirmIds?.length === 1
            ? 'the selected notification'
            : `the ${confirmIds?.length ?? 0} selected notifications`}
          ? This cannot be undone.
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}
