import { z } from 'zod';
import { roleSchema, studentCategorySchema } from './common.ts';

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
  /** Signed, expiring URL of the picture, or null. */
  profilePicture: z.string().nullable(),
  createdAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const profilePictureResponseSchema = z.object({ message: z.string(), user: userSchema });
