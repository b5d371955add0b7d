import {
  LIMITS,
  type CreateUserBody,
  type EditUserForm,
  type MessageResponse,
  type Role,
  type UpdateUserBody,
  type UserDetail,
  type UserListItem,
} from '@csp/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { definePagedList } from '../../../lib/paged-list.ts';
import { useRecordQuery } from '../../../lib/record-query.ts';

/** Users administration lists 10 users a page. */
export const USERS_PAGE_SIZE = 10;

export interface UserListParams {
  search?: string;
  role?: Role;
  page: number;
  limit: number;
}

/** Query keys of the users feature. */
export const userKeys = {
  all: ['users'] as const,
  lists: () => [...userKeys.all, 'list'] as const,
  list: (params: UserListParams) => [...userKeys.lists(), params] as const,
  details: () => [...userKeys.all, 'detail'] as const,
  detail: (id: string) => [...userKeys.details(), id] as const,
};

/** GET /api/users with page/limit: one page and the X-Total-Count header. */
export const userList = definePagedList<UserListParams, UserListItem>({
  key: userKeys.list,
  path: '/users',
  query: ({ search, role, page, limit }) => {
    const params: Record<string, string | number> = { page, limit };
    if (search?.trim()) params.search = search.trim();
    if (role) params.role = role;
    return params;
  },
});

export const usersApi = {
  list: userList.fetch,
  get: (id: string) => api.get<UserDetail>(`/users/${encodeURIComponent(id)}`).then((r) => r.data),
  create: (body: CreateUserBody) => api.post<UserDetail>('/users', body).then((r) => r.data),
  update: (id: string, body: UpdateUserBody) =>
    api.patch<UserDetail>(`/users/${encodeURIComponent(id)}`, body).then((r) => r.data),
  remove: (id: string) => api.delete<MessageResponse>(`/users/${encodeURIComponent(id)}`).then((r) => r.data),
};

/** One page of users; the previous page stays on screen while the next one loads. */
export const useUsersQuery = userList.usePage;

/**
 * One user with their assigned students. Silent: the page shows 'User not found.' for a missing user
 * and an inline error for anything else, so no toast is needed.
 */
export function useUserQuery(id: string) {
  return useRecordQuery(userKeys.detail(id), () => usersApi.get(id));
}

export function useCreateUserMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: usersApi.create,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}

export function useUpdateUserMutation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateUserBody) => usersApi.update(id, body),
    onSuccess: (user) => {
      queryClient.setQueryData(userKeys.detail(id), user);
      return queryClient.invalidateQueries({ queryKey: userKeys.lists() });
    },
  });
}

export function useDeleteUserMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: usersApi.remove,
    onSuccess: (_data, id) => {
      // The open detail page is left at once; a later visit refetches and finds no user.
      void queryClient.invalidateQueries({ queryKey: userKeys.detail(id), refetchType: 'none' });
      return queryClient.invalidateQueries({ queryKey: userKeys.lists() });
    },
  });
}

/** The Students column: a teacher's 'assigned/25'; an admin holds no students and shows a dash. */
export function studentsColumnText(user: Pick<UserListItem, 'role' | 'assignedStudentsCount'>): string {
  return user.role === 'TEACHER' ? `${user.assignedStudentsCount}/${LIMITS.maxStudentsPerTeacher}` : '—';
}

export const ROLE_LABELS: Record<Role, string> = { ADMIN: 'Admin', TEACHER: 'Teacher' };

/** Form values (strings from inputs) → the POST body; an empty phone is left out. */
export function toCreateBody(values: {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  role: Role | '';
  password: string;
}): CreateUserBody {
  const phone = values.phone.trim();
  return {
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    email: values.email.trim(),
    role: values.role as Role,
    password: values.password,
    ...(phone ? { phone } : {}),
  };
}

/** Edit form values → the PATCH body (spec part 1 §7); an emptied phone is cleared (null). */
export function toUpdateBody(
  values: Omit<EditUserForm, 'role'> & { phone: string; role: Role | '' },
): UpdateUserBody {
  const phone = values.phone.trim();
  return {
    email: values.email.trim(),
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    phone: phone || null,
    ...(values.role ? { role: values.role } : {}),
    isActive: values.isActive,
  };
}
