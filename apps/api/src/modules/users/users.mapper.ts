import type { User } from '@csp/contracts';
import type { Config } from '../../config.ts';
import type { users } from '../../db/schema.ts';
import { signedFileUrl } from '../files/files.signing.ts';

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
 * other secrets; the picture as a signed, expiring URL or null.
 */
export function toUserDto(row: UserRow, config: Pick<Config, 'jwtSecret' | 'fileUrlTtlSeconds'>): User {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    phone: row.phone,
    role: row.role,
    isActive: row.isActive,
    profilePicture: row.profilePictureFileId ? signedFileUrl(config, row.profilePictureFileId) : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
