import type { Role } from '@csp/contracts';
import { Badge } from '@mantine/core';
import { ROLE_LABELS } from '../api/users.api.ts';

/** A missing or deleted user (spec part 1 §2 "Users"). */
export const USER_NOT_FOUND = { message: 'User not found.', backTo: '/users', backLabel: 'Back to Users' };

export function RoleBadge({ role }: { role: Role }) {
  return (
    <Badge variant="light" color={role === 'ADMIN' ? 'grape' : 'blue'}>
      {ROLE_LABELS[role]}
    </Badge>
  );
}

/** 'Active' or 'Inactive' (spec part 1 §4: an inactive user cannot sign in). */
export function StatusBadge({ isActive }: { isActive: boolean }) {
  return (
    <Badge variant="light" color={isActive ? 'teal' : 'red'}>
      {isActive ? 'Active' : 'Inactive'}
    </Badge>
  );
}
