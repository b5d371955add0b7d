import {
  LIMITS,
  STUDENT_CATEGORIES,
  type CreateStudentBody,
  type MessageResponse,
  type Student,
  type StudentCategory,
  type StudentDetail,
  type UpdateStudentBody,
  type UserListItem,
} from '@csp/contracts';
import {
  keepPreviousData,
  useMutation,
  useQueries,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { definePagedList, totalOf } from '../../../lib/paged-list.ts';
import { useRecordQuery } from '../../../lib/record-query.ts';
import { dashboardKeys } from '../../dashboard/api/dashboard.api.ts';
import { userKeys } from '../../users/api/users.api.ts';

/** Student cards per page on /students. */
export const STUDENTS_PAGE_SIZE = 12;

export interface StudentListParams {
  search?: string;
  /** Sent for teachers (their own id), as the spec's calls table says. */
  teacherId?: string;
  category?: StudentCategory;
  page: number;
  limit: number;
}

export interface CategoryCountParams {
  search?: string;
  teacherId?: string;
}

/**
 * Every student of a teacher, on one page (a teacher holds at most LIMITS.maxStudentsPerTeacher): the
 * list the teacher's offline copy keeps (app/caseload.ts), so a form that reads it works offline too.
 */
export const caseloadParams = (teacherId: string): StudentListParams => ({
  teacherId,
  page: 1,
  limit: LIMITS.maxStudentsPerTeacher,
});

/** Query keys of the students feature. */
export const studentKeys = {
  all: ['students'] as const,
  lists: () => [...studentKeys.all, 'list'] as const,
  list: (params: StudentListParams) => [...studentKeys.lists(), params] as const,
  counts: () => [...studentKeys.all, 'count'] as const,
  count: (params: CategoryCountParams, category: StudentCategory) =>
    [...studentKeys.counts(), params, category] as const,
  details: () => [...studentKeys.all, 'detail'] as const,
  detail: (id: string) => [...studentKeys.details(), id] as const,
  /** Teachers below the 25-student cap (the teacher pickers); under the users key so user changes refresh it. */
  availableTeachers: () => [...userKeys.all, 'available-teachers'] as const,
};

function listParams({ search, teacherId, category, page, limit }: StudentListParams) {
  const params: Record<string, string | number> = { page, limit };
  if (search?.trim()) params.search = search.trim();
  if (teacherId) params.teacherId = teacherId;
  if (category) params.category = category;
  return params;
}

const path = (id: string) => `/students/${encodeURIComponent(id)}`;

/** GET /api/students with page/limit: one page and the X-Total-Count header. */
export const studentList = definePagedList<StudentListParams, Student>({
  key: studentKeys.list,
  path: '/students',
  query: listParams,
});

export const studentsApi = {
  list: studentList.fetch,
  /** How many students match: a one-row page, reading only X-Total-Count. */
  count: async (params: CategoryCountParams, category: StudentCategory): Promise<number> => {
    const res = await api.get<Student[]>('/students', {
      params: listParams({ ...params, category, page: 1, limit: 1 }),
    });
    return totalOf(res.headers, res.data.length);
  },
  get: (id: string) => api.get<StudentDetail>(path(id)).then((r) => r.data),
  create: (body: CreateStudentBody) => api.post<StudentDetail>('/students', body).then((r) => r.data),
  update: (id: string, body: UpdateStudentBody) =>
    api.patch<StudentDetail>(path(id), body).then((r) => r.data),
  remove: (id: string) => api.delete<MessageResponse>(path(id)).then((r) => r.data),
  /** GET /api/users?role=TEACHER&available=true: active teachers holding fewer than 25 students. */
  availableTeachers: () =>
    api.get<UserListItem[]>('/users', { params: { role: 'TEACHER', available: 'true' } }).then((r) => r.data),
};

/** One page of students; the previous page stays on screen while the next one loads. */
export const useStudentsQuery = studentList.usePage;

/** The counts on the category buttons, for the same search (All is their sum). */
export function useCategoryCounts(params: CategoryCountParams) {
  return useQueries({
    queries: STUDENT_CATEGORIES.map((category) => ({
      queryKey: studentKeys.count(params, category),
      queryFn: () => studentsApi.count(params, category),
      placeholderData: keepPreviousData,
      meta: { silent: true },
    })),
    combine: (results) => {
      const counts = {} as Record<StudentCategory, number | undefined>;
      STUDENT_CATEGORIES.forEach((c, i) => (counts[c] = results[i].data));
      const known = STUDENT_CATEGORIES.every((c) => counts[c] !== undefined);
      const all = known ? STUDENT_CATEGORIES.reduce((sum, c) => sum + (counts[c] ?? 0), 0) : undefined;
      return { ...counts, ALL: all };
    },
  });
}

/**
 * One student with the nested lists. Silent: the pages show 'Student not found.' for a missing student
 * and an inline error for anything else. `enabled: false` waits (a form before a student is chosen).
 */
export function useStudentQuery(id: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useRecordQuery(studentKeys.detail(id), () => studentsApi.get(id), { enabled });
}

export function useAvailableTeachersQuery(enabled = true) {
  return useQuery({
    queryKey: studentKeys.availableTeachers(),
    queryFn: studentsApi.availableTeachers,
    enabled,
  });
}

/** Students appear in lists, counts, teachers' assigned students and the dashboard figures. */
function invalidateAround(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: studentKeys.lists() }),
    queryClient.invalidateQueries({ queryKey: studentKeys.counts() }),
    queryClient.invalidateQueries({ queryKey: userKeys.all }),
    queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
  ]);
}

export function useCreateStudentMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: studentsApi.create,
    onSuccess: (student) => {
      queryClient.setQueryData(studentKeys.detail(student.id), student);
      return invalidateAround(queryClient);
    },
  });
}

export function useUpdateStudentMutation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateStudentBody) => studentsApi.update(id, body),
    onSuccess: (student) => {
      queryClient.setQueryData(studentKeys.detail(id), student);
      return invalidateAround(queryClient);
    },
  });
}

export function useDeleteStudentMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: studentsApi.remove,
    onSuccess: (_data, id) => {
      // The open detail page is left at once; a later visit refetches and finds no student.
      void queryClient.invalidateQueries({ queryKey: studentKeys.detail(id), refetchType: 'none' });
      return invalidateAround(queryClient);
    },
  });
}
