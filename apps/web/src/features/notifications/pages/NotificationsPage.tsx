import type { Notification } from '@csp/contracts';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Collapse,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Tabs,
  Text,
  TextInput,
  ThemeIcon,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import {
  IconAdjustmentsHorizontal,
  IconBellOff,
  IconChecks,
  IconSearch,
  IconTrash,
} from '@tabler/icons-react';
import { useState } from 'react';
import { PageTitle } from '../../../components/PageTitle.tsx';
import { toastError, toastSuccess } from '../../../lib/notify.ts';
import { useNotificationMutations, useNotificationsQuery } from '../api/notifications.api.ts';
import { InboxPager } from '../components/InboxPager.tsx';
import { NotificationRow } from '../components/NotificationRow.tsx';
import {
  DATE_FILTER_OPTIONS,
  DEFAULT_PAGE_SIZE,
  emptyState,
  filterNotifications,
  hasActiveFilters,
  inboxCounts,
  NO_FILTERS,
  PAGE_SIZES,
  paginate,
  STATUS_TABS,
  TYPE_FILTER_OPTIONS,
  type DateFilter,
  type InboxFilters,
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
    <Stack gap="xs" aria-label="Loading notifications" role="status">
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} h={76} radius="md" />
      ))}
    </Stack>
  );
}

/** /notifications — the inbox of spec part 2 §2.5; search and filters run over the fetched list. */
export function NotificationsPage() {
  const query = useNotificationsQuery();
  const { markRead, markAllRead, remove, bulkMarkRead, bulkRemove } = useNotificationMutations();
  const [filters, setFilters] = useState<InboxFilters>(NO_FILTERS);
  const [moreFilters, setMoreFilters] = useState(false);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  /** Ids whose own (single) call is running. */
  const [busyIds, setBusyIds] = useState<ReadonlySet<string>>(new Set());

  const list = query.data ?? [];
  const counts = inboxCounts(list);
  const filtered = filterNotifications(list, filters);
  const shown = paginate(filtered, page, pageSize);
  const selectedOnPage = shown.items.filter((n) => selected.has(n.id));
  const selectedUnread = selectedOnPage.filter((n) => !n.isRead);
  const allOnPageSelected = shown.items.length > 0 && selectedOnPage.length === shown.items.length;
  const narrowing = hasActiveFilters(filters);
  const extraFilterCount = (filters.type !== 'ALL' ? 1 : 0) + (filters.date !== 'all' ? 1 : 0);
  const bulkBusy = bulkMarkRead.isPending || bulkRemove.isPending;

  /** Any filter change (and the page size) goes back to page 1 and drops the selection. */
  function changeFilters(patch: Partial<InboxFilters>) {
    setFilters((f) => ({ ...f, ...patch }));
    setPage(1);
    setSelected(new Set());
  }

  function changePage(next: number) {
    setPage(next);
    setSelected(new Set());
  }

  function toggle(id: string, on: boolean) {
    setSelected((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
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

  function deleteSelected() {
    const ids = selectedOnPage.map((n) => n.id);
    if (!ids.length) return;
    const what = ids.length === 1 ? 'the selected notification' : `the ${ids.length} selected notifications`;
    modals.openConfirmModal({
      title: 'Delete notifications',
      children: <Text size="sm">Delete {what}? This cannot be undone.</Text>,
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        bulkRemove.mutate(ids, {
          onSuccess: ({ failed }) => {
            if (failed.length) toastError('Failed to delete some notifications');
            else toastSuccess('Selected notifications deleted');
            setSelected(new Set(failed));
          },
          onError: () => toastError('Failed to delete some notifications'),
        }),
    });
  }

  function markEverythingRead() {
    markAllRead.mutate(undefined, {
      onSuccess: () => {
        toastSuccess('All notifications marked as read');
        setSelected(new Set());
      },
    });
  }

  const empty = emptyState(filters.status, narrowing);
  const listContent = query.isPending ? (
    <LoadingRows />
  ) : query.isError && !query.data ? (
    <Alert color="red" title="Could not load your notifications">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">Check your connection and try again.</Text>
        <Button size="xs" variant="light" color="red" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </Stack>
    </Alert>
  ) : shown.items.length === 0 ? (
    <Stack align="center" gap={6} py="xl">
      <ThemeIcon size={56} radius="xl" variant="light" color="gray" aria-hidden>
        <IconBellOff size={30} />
      </ThemeIcon>
      <Text fw={600}>{empty.title}</Text>
      <Text size="sm" c="dimmed" ta="center">
        {empty.hint}
      </Text>
    </Stack>
  ) : (
    <Stack gap="sm">
      <Stack component="ul" gap="xs" m={0} p={0} aria-label="Notifications list">
        {shown.items.map((n) => (
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
      <InboxPager
        page={shown.page}
        totalPages={shown.totalPages}
        total={shown.total}
        from={shown.from}
        to={shown.to}
        onChange={changePage}
      />
    </Stack>
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

      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <Stack gap="md">
          <Group gap="sm" align="flex-end" wrap="wrap">
            <TextInput
              label="Search notifications"
              placeholder="Search by title or message"
              leftSection={<IconSearch size={16} aria-hidden />}
              value={filters.search}
              onChange={(e) => changeFilters({ search: e.currentTarget.value })}
              style={{ flex: '1 1 240px' }}
            />
            <Button
              variant={moreFilters ? 'light' : 'default'}
              leftSection={<IconAdjustmentsHorizontal size={18} aria-hidden />}
              onClick={() => setMoreFilters((o) => !o)}
              aria-expanded={moreFilters}
              aria-controls="notification-more-filters"
              rightSection={
                extraFilterCount ? (
                  <Badge size="sm" circle aria-label={`${extraFilterCount} active`}>
                    {extraFilterCount}
                  </Badge>
                ) : null
              }
            >
              More Filters
            </Button>
          </Group>

          <Collapse in={moreFilters} id="notification-more-filters">
            <Paper bg="var(--mantine-color-gray-0)" radius="md" p="sm" withBorder>
              <Group gap="sm" align="flex-end" wrap="wrap">
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
                  onClick={() => changeFilters({ search: '', type: 'ALL', date: 'all' })}
                  disabled={!narrowing}
                >
                  Clear filters
                </Anchor>
              </Group>
            </Paper>
          </Collapse>

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
                        disabled={shown.items.length === 0}
                        onChange={(e) =>
                          setSelected(
                            e.currentTarget.checked ? new Set(shown.items.map((n) => n.id)) : new Set(),
                          )
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
                            onClick={deleteSelected}
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
                          setPageSize(Number(e.currentTarget.value));
                          changePage(1);
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
    </Stack>
  );
}
