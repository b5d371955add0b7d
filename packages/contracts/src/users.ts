import { z } from 'zod';
import {
  editedVersionField,
  emailAddressField,
  isoDateTime,
  LIMITS,
  optionalPhone,
  passwordField,
  requiredText,
  ROLES,
  roleSchema,
  searchQueryField,
  studentCategorySchema,
} from './common.ts';
import { pageQueryFields } from './paging.ts';

export const assignedStudentSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  age: z.number().int(),
  category: studentCategorySchema,
});

/** The user as every response shows it. Secrets never appear here. */
export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string().nullable(),
  role: roleSchema,
  isActive: z.boolean(),
  /** Signed, expiring URL of the picture (`/api/files/<id>?expires=…&sig=…`), or null. */
  profilePicture: z.string().nullable(),
  createdAt: isoDateTime,
  /** When the account last changed: the version an edit names in its `updatedAt` (decision 0027). */
  updatedAt: isoDateTime,
});
export type User = z.infer<typeof userSchema>;

// POST and DELETE /api/users/{id}/profile-picture
/** The multipart field that carries the picture. */
export const PROFILE_PICTURE_FIELD = 'profilePicture';
/** Accepted picture types (checked on the server from the file's content). */
export const PROFILE_PICTURE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** For `<input accept>` / a dropzone: JPEG (.jpg/.jpeg), PNG and WebP. */
export const PROFILE_PICTURE_ACCEPT = PROFILE_PICTURE_MIME_TYPES.join(',');
export const PROFILE_PICTURE_MAX_BYTES = LIMITS.profilePictureMaxBytes;

export const PROFILE_PICTURE_MESSAGES = {
  updated: 'Profile picture updated successfully',
  deleted: 'Profile picture deleted successfully!',
  wrongType: 'Only JPEG, PNG or WebP images are allowed',
  tooLarge: 'The picture must be 5 MB or smaller',
  missing: 'profilePicture: choose a picture to upload',
  userNotFound: 'User not found',
} as const;

export const profilePictureResponseSchema = z.object({ message: z.string(), user: userSchema });
export type ProfilePictureResponse = z.infer<typeof profilePictureResponseSchema>;

// ---------------------------------------------------------------------------------------------------
// Users administration (ADMIN only): GET/POST /api/users, GET/PATCH/DELETE /api/users/{id}

export const USER_MESSAGES = {
  notFound: 'User not found',
  duplicateEmail: 'An account with this email already exists',
  cannotDeactivateSelf: 'You cannot deactivate your own account',
  cannotChangeOwnRole: 'You cannot change your own role',
  cannotDeleteSelf: 'You cannot delete your own account',
  reassignBeforeRoleChange: "Reassign this teacher's students before changing their role",
  lastActiveAdmin:
    'At least one active administrator must remain. Make another administrator active before this change.',
  deleted: 'User deleted successfully',
} as const;

/** A list entry: the user plus how many (non-deleted) students they hold; always 0 for an admin. */
export const userListItemSchema = userSchema.extend({
  assignedStudentsCount: z.number().int(),
});
export type UserListItem = z.infer<typeof userListItemSchema>;

/** GET /api/users/{id}: assignedStudents is the teacher's students (empty for an admin). */
export const userDetailSchema = userListItemSchema.extend({
  assignedStudents: z.array(assignedStudentSchema),
});
export type UserDetail = z.infer<typeof userDetailSchema>;

const trueOrFalse = (field: string) =>
  z.enum(['true', 'false'], { message: `${field} must be true or false` }).transform((v) => v === 'true');

// GET /api/users
export const userListQuerySchema = z.strictObject({
  /** Part of the first name, last name, "first last" or email. */
  search: searchQueryField,
  role: z.enum(ROLES, { message: 'role must be ADMIN or TEACHER' }).optional(),
  /** true: only active teachers holding fewer than LIMITS.maxStudentsPerTeacher students. */
  available: trueOrFalse('available').optional(),
  ...pageQueryFields,
});
export type UserListQuery = z.input<typeof userListQuerySchema>;

const isActiveField = z.boolean({ message: 'isActive must be true or false' });

// POST /api/users
export const createUserBodySchema = z.strictObject({
  firstName: requiredText('First name is required'),
  lastName: requiredText('Last name is required'),
  email: emailAddressField('Invalid email address'),
  phone: optionalPhone,
  role: roleSchema,
  password: passwordField('Password is required', 'Password must be at least 6 characters'),
  /** Created users are active unless this is false. */
  isActive: isActiveField.optional(),
});
export type CreateUserBody = z.input<typeof createUserBodySchema>;

// PATCH /api/users/{id} (every field optional; there is no password here)
export const updateUserBodySchema = z.strictObject({
  email: emailAddressField('Invalid email address').optional(),
  firstName: requiredText('First name is required').optional(),
  lastName: requiredText('Last name is required').optional(),
  phone: optionalPhone,
  role: roleSchema.optional(),
  isActive: isActiveField.optional(),
  updatedAt: editedVersionField,
});
export type UpdateUserBody = z.input<typeof updateUserBodySchema>;

/** The edit form (spec part 1 §5): first name, last name, email and role required; phone optional. */
export const editUserFormSchema = z.object({
  firstName: requiredText('First name is required'),
  lastName: requiredText('Last name is required'),
  email: emailAddressField('Invalid email address'),
  phone: optionalPhone,
  role: roleSchema,
  isActive: isActiveField,
});
export type EditUserForm = z.input<typeof editUserFormSchema>;
