import { LIMITS, STUDENT_CATEGORIES, type StudentCategory } from '@csp/contracts';
import {
  Badge,
  Button,
  Flex,
  Group,
  Pagination,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconPlus, IconSchool, IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageTitle } from '../../../components/PageTitle.tsx';
import { getErrorMessage } from '../../../lib/api.ts';
import { useCurrentUser } from '../../auth/auth-context.ts';
import { STUDENTS_PAGE_SIZE, useCategoryCounts, useStudentsQuery } from '../api/students.api.ts';
import { PageLoader } from '../components/StudentBits.tsx';
import { StudentCard } from '../components/StudentCard.tsx';

type CategoryFilter = StudentCategory | 'ALL';

const FILTERS: { value: CategoryFilter; label: string }[] = [
  { value: 'ALL', label: 'All' },
  { value: 'CENTER_BASE', label: 'Center' },
  { value: 'HOME_BASE', label: 'Home' },
  { value: 'SURVIVAL_PROGRAM', label: 'Survival' },
];

function categoryParam(value: string | null): StudentCategory | undefined {
  return (STUDENT_CATEGORIES as readonly string[]).includes(value ?? '')
    ? (value as StudentCategory)
    : undefined;
}

function withChanges(prev: URLSearchParams, changes: Record<string, string | undefined>) {
  const next = new URLSearchParams(prev);
  for (const [key, value] of Object.entries(changes)) {
    if (value) next.set(key, value);
    else next.delete(key);
  }
  return next;
}

/**
 * /students (spec part 1 §2 "Students"): search over name, parent name and student ID (300 ms), the
 * category buttons with their counts, one server-side page of cards. Teachers' requests carry their
 * own id. Filters and page live in the address, so Back from a student returns to the same view.
 */
export function StudentsListPage() {
  const me = useCurrentUser();
  const isAdmin = me.role === 'ADMIN';
  const teacherId = isAdmin ? undefined : me.id;

  const [params, setParams] = useSearchParams();
  const search = params.get('search') ?? '';
  const category = categoryParam(params.get('category'));
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const [searchText, setSearchText] = useState(search);

  const update = (changes: Record<string, string | undefined>) =>
    setParams((prev) => withChanges(prev, changes), { replace: true });

  const settleSearch = useDebouncedCallback((text: string) => {
    update({ search: text.trim() || undefined, page: undefined });
  }, LIMITS.searchDebounceMs);

  const query = useStudentsQuery({
    search: search || undefined,
    teacherId,
    category,
    page,
    limit: STUDENTS_PAGE_SIZE,
  });
  const counts = useCategoryCounts({ search: search || undefined, teacherId });

  const total = query.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / STUDENTS_PAGE_SIZE));
  const pastTheEnd = Boolean(query.data && !query.isPlaceholderData && page > pages);
  useEffect(() => {
    if (pastTheEnd) {
      setParams((prev) => withChanges(prev, { page: pages > 1 ? String(pages) : undefined }), {
        replace: true,
      });
    }
  }, [pastTheEnd, pages, setParams]);

  const students = query.data?.items ?? [];
  const first = (page - 1) * STUDENTS_PAGE_SIZE + 1;
  const selected: CategoryFilter = category ?? 'ALL';

  return (
    <Stack gap="lg">
      <Flex
        justify="space-between"
        align={{ base: 'stretch', xs: 'flex-end' }}
        direction={{ base: 'column', xs: 'row' }}
        gap="sm"
      >
        <div>
          <PageTitle>{isAdmin ? 'Student Management' : 'My Students'}</PageTitle>
          <Text c="dimmed" size="sm">
            {isAdmin
              ? 'Every student in the programme, their parents and teachers.'
              : 'The students assigned to you.'}
          </Text>
        </div>
        {isAdmin && (
          <Button component={Link} to="/students/create" leftSection={<IconPlus size={18} aria-hidden />}>
            Add Student
          </Button>
        )}
      </Flex>

      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <Stack gap="sm">
          <TextInput
            label="Search students"
            placeholder="Name, parent name or student ID"
            leftSection={<IconSearch size={16} aria-hidden />}
            value={searchText}
            onChange={(e) => {
              setSearchText(e.currentTarget.value);
              settleSearch(e.currentTarget.value);
            }}
            type="search"
          />
          <SimpleGrid cols={{ base: 2, xs: 4 }} spacing="xs" role="group" aria-label="Filter by category">
            {FILTERS.map((f) => {
              const active = selected === f.value;
              const count = counts[f.value];
              return (
                <Button
                  key={f.value}
                  variant={active ? 'filled' : 'default'}
                  aria-pressed={active}
                  onClick={() =>
                    update({ category: f.value === 'ALL' ? undefined : f.value, page: undefined })
                  }
                  rightSection={
                    <Badge
                      size="sm"
                      variant={active ? 'white' : 'light'}
                      color={active ? 'dark' : 'gray'}
                      miw={26}
                    >
                      {count ?? '…'}
                    </Badge>
                  }
                  justify="space-between"
                  fullWidth
                >
                  {f.label}
                </Button>
              );
            })}
          </SimpleGrid>
        </Stack>
      </Paper>

      {query.isPending ? (
        <PageLoader label="Loading students" />
      ) : query.isError && !query.data ? (
        <Paper withBorder radius="md" p="xl">
          <Stack align="center" gap="sm">
            <Text ta="center">{getErrorMessage(query.error)}</Text>
            <Button variant="light" onClick={() => query.refetch()}>
              Try again
            </Button>
          </Stack>
        </Paper>
      ) : students.length === 0 ? (
        <Paper withBorder radius="md" p="xl">
          <Stack align="center" gap="xs">
            <IconSchool size={36} stroke={1.4} color="var(--mantine-color-gray-5)" aria-hidden />
            <Text c="dimmed" ta="center">
              No students found
            </Text>
          </Stack>
        </Paper>
      ) : (
        <Stack gap="md" style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }} aria-busy={query.isFetching}>
          <SimpleGrid
            cols={{ base: 1, sm: 2, lg: 3 }}
            spacing="md"
            component="ul"
            m={0}
            p={0}
            style={{ listStyle: 'none' }}
            aria-label="Students"
          >
            {students.map((s) => (
              <StudentCard key={s.id} student={s} />
            ))}
          </SimpleGrid>
          <Group justify="space-between" gap="sm">
            <Text size="sm" c="dimmed">
              Showing {first}-{first + students.length - 1} of {total}
            </Text>
            {pages > 1 && (
              <Pagination
                total={pages}
                value={Math.min(page, pages)}
                onChange={(p) => update({ page: p > 1 ? String(p) : undefined })}
                siblings={1}
                boundaries={1}
                size="sm"
                getControlProps={(control) => ({
                  'aria-label':
                    control === 'previous' ? 'Previous page' : control === 'next' ? 'Next page' : control,
                })}
              />
            )}
          </Group>
        </Stack>
      )}
    </Stack>
  );
}
