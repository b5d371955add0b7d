import {
  CATEGORY_LABELS,
  type Role,
  type Student,
  type StudentCategory,
  type UserListItem,
} from '@csp/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** The spec's search result (part 1 §3 "Search result"). */
export interface SearchResult {
  id: string;
  name: string;
  type: 'user' | 'student';
  role?: Role;
  email?: string;
  category?: StudentCategory;
  /** The student's human-readable ID. */
  studentId?: string;
}

/** How many of each kind the top bar shows. */
export const SEARCH_RESULTS_PER_KIND = 8;

/** Who is searching: administrators search teachers and students, teachers only their own students. */
export interface Searcher {
  id: string;
  role: Role;
}

/** Query keys of the search feature. */
export const searchKeys = {
  all: ['search'] as const,
  results: (searcher: Searcher, term: string) =>
    [...searchKeys.all, searcher.role, searcher.id, term] as const,
};

export function userResult(
  u: Pick<UserListItem, 'id' | 'firstName' | 'lastName' | 'role' | 'email'>,
): SearchResult {
  return { id: u.id, name: `${u.firstName} ${u.lastName}`, type: 'user', role: u.role, email: u.email };
}

export function studentResult(
  s: Pick<Student, 'id' | 'firstName' | 'lastName' | 'category' | 'studentId'>,
): SearchResult {
  return {
    id: s.id,
    name: `${s.firstName} ${s.lastName}`,
    type: 'student',
    category: s.category,
    studentId: s.studentId,
  };
}

/** Where choosing a result goes. */
export function resultPath(result: Pick<SearchResult, 'type' | 'id'>): string {
  return result.type === 'user' ? `/users/${result.id}` : `/students/${result.id}`;
}

/** The badge of a result: Teacher or Student. */
export function resultBadge(result: Pick<SearchResult, 'type'>): 'Teacher' | 'Student' {
  return result.type === 'user' ? 'Teacher' : 'Student';
}

/** Second line of a result: the teacher's email, or the student's ID and category. */
export function resultDetail(result: SearchResult): string {
  if (result.type === 'user') return result.email ?? '';
  return [result.studentId, result.category && CATEGORY_LABELS[result.category]].filter(Boolean).join(' · ');
}

const page = { page: 1, limit: SEARCH_RESULTS_PER_KIND };

export const searchApi = {
  /**
   * ADMIN: GET /users?search (teachers only, so every user result is a Teacher) and GET /students?search.
   * TEACHER: GET /students?search&teacherId=<own id>.
   */
  search: async (searcher: Searcher, term: string, signal?: AbortSignal): Promise<SearchResult[]> => {
    if (searcher.role === 'TEACHER') {
      const students = await api.get<Student[]>('/students', {
        params: { search: term, teacherId: searcher.id, ...page },
        signal,
      });
      return students.data.map(studentResult);
    }
    const [users, students] = await Promise.all([
      api.get<UserListItem[]>('/users', { params: { search: term, role: 'TEACHER', ...page }, signal }),
      api.get<Student[]>('/students', { params: { search: term, ...page }, signal }),
    ]);
    return [...users.data.map(userResult), ...students.data.map(studentResult)];
  },
};

/**
 * Results for an already debounced, trimmed term; nothing is sent for blank text. Failures are silent
 * (no toast) and leave no results (spec part 1 §8 "Search").
 */
export function useSearchQuery(searcher: Searcher, term: string) {
  return useQuery({
    queryKey: searchKeys.results(searcher, term),
    queryFn: ({ signal }) => searchApi.search(searcher, term, signal),
    enabled: term !== '',
    staleTime: 10_000,
    retry: false,
    meta: { silent: true },
  });
}
