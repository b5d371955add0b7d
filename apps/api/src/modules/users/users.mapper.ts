import type { User } from '@csp/contracts';
import type { users } from '../../db/schema.ts';
import type { FileLinks } from '../files/files.signing.ts';

/** The columns toUserDto reads; a full users row satisfies it. */
export type UserRow = Pick<
  typeof users.$inferSelect,
  | 'id'
  | 'email'
  | 'firstName'
  | 'lastName'
  | 'phone'
  | 'role'
  | 'isActive'
  | 'profilePictureFileId'
  | 'createdAt'
  | 'updatedAt'
>;

/**
 * The user as every response shows it (contracts `userSchema`): no password hash, token version or
 * other secrets; the picture as a link signed for the reader's session, or null.
 */
export function toUserDto(row: UserRow, links: FileLinks): User {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    phone: row.phone,
    role: row.role,
    isActive: row.isActive,
    profilePicture: row.profilePictureFileId ? links.url(row.profilePictureFileId) : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
