import { STUDENT_CATEGORIES, type StudentCategory } from '@csp/contracts';
import { Badge, Button, SimpleGrid, Stack } from '@mantine/core';
import { IconPlus, IconSchool } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ListFilters } from '../../../components/ListFilters.tsx';
import { CardGrid, PagedList } from '../../../components/PagedList.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { useListParams } from '../../../lib/listParams.ts';
import { useCurrentUser } from '../../../lib/auth-context.ts';
import { STUDENTS_PAGE_SIZE, studentList, useCategoryCounts } from '../api/students.api.ts';
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

/**
 * /students (spec part 1 §2 "Students"): search over name, parent name and student ID (300 ms), the
 * category buttons with their counts, one server-side page of cards. Teachers' requests carry their
 * own id. Filters and page live in the address, so Back from a student returns to the same view.
 */
export function StudentsListPage() {
  const me = useCurrentUser();
  const isAdmin = me.role === 'ADMIN';
  const teacherId = isAdmin ? undefined : me.id;

  const { params, search, page, update, setPage, searchText, changeSearchText } = useListParams();
  const category = categoryParam(params.get('category'));

  const query = studentList.usePage({
    search: search || undefined,
    teacherId,
    category,
    page,
    limit: STUDENTS_PAGE_SIZE,
  });
  const counts = useCategoryCounts({ search: search || undefined, teacherId });

  const selected: CategoryFilter = category ?? 'ALL';

  return (
    <Stack gap="lg">
      <PageHeader
        title={isAdmin ? 'Student Management' : 'My Students'}
        description={
          isAdmin
            ? 'Every student in the programme, their parents and teachers.'
            : 'The students assigned to you.'
        }
        action={
          isAdmin && (
            <Button component={Link} to="/students/create" leftSection={<IconPlus size={18} aria-hidden />}>
              Add Student
            </Button>
          )
        }
      />

      <ListFilters
        cols={{ base: 1 }}
        search={{
          label: 'Search students',
          placeholder: 'Name, parent name or student ID',
          value: searchText,
          onChange: changeSearchText,
        }}
      >
        <SimpleGrid cols={{ base: 2, xs: 4 }} spacing="xs" role="group" aria-label="Filter by category">
          {FILTERS.map((f) => {
            const active = selected === f.value;
            const count = counts[f.value];
            return (
              <Button
                key={f.value}
                variant={active ? 'filled' : 'default'}
                aria-pressed={active}
                onClick={() => update({ category: f.value === 'ALL' ? undefined : f.value, page: undefined })}
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
      </ListFilters>

      <PagedList
        query={query}
        page={page}
        pageSize={STUDENTS_PAGE_SIZE}
        onPage={setPage}
        loadingLabel="Loading students"
        empty={{ icon: IconSchool, text: 'No students found' }}
        pagerLabel="Student pages"
      >
        {(students) => (
          <CardGrid label="Students" cols={{ base: 1, sm: 2, lg: 3 }}>
            {students.map((s) => (
              <StudentCard key={s.id} student={s} />
            ))}
          </CardGrid>
        )}
      </PagedList>
    </Stack>
  );
}
