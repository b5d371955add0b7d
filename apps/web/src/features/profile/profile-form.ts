import { optionalPhone, requiredText, type Role, type User } from '@csp/contracts';
import { z } from 'zod';
import { formatDate } from '../../lib/dates.ts';

/** The edit form (spec part 2 §5 "Profile edit"): first and last name required, phone optional. */
export const profileFormSchema = z.object({
  firstName: requiredText('First name is required'),
  lastName: requiredText('Last name is required'),
  phone: optionalPhone,
});
export type ProfileFormValues = { firstName: string; lastName: string; phone: string };

export function profileFormValues(user: Pick<User, 'firstName' | 'lastName' | 'phone'>): ProfileFormValues {
  return { firstName: user.firstName, lastName: user.lastName, phone: user.phone ?? '' };
}

/** The values as PATCH /auth/profile takes them: trimmed names, and null for an empty phone. */
function sent(values: ProfileFormValues) {
  const phone = values.phone.trim();
  return { firstName: values.firstName.trim(), lastName: values.lastName.trim(), phone: phone || null };
}

/**
 * What PATCH /auth/profile receives: the fields the person changed from the values the form opened with
 * (`opened`), so a field an administrator changed meanwhile is never written back with the old value.
 */
export function profilePatch(values: ProfileFormValues, opened: ProfileFormValues) {
  const mine = sent(values);
  const before = sent(opened);
  return Object.fromEntries(
    Object.entries(mine).filter(([field, value]) => value !== before[field as keyof typeof before]),
  ) as Partial<ReturnType<typeof sent>>;
}

export const ROLE_LABELS: Record<Role, string> = { ADMIN: 'Administrator', TEACHER: 'Teacher' };

/** The view mode's detail lines (spec part 2 §2.6), with 'Not provided' and 'N/A' for missing values. */
export function profileDetails(user: User): { label: string; value: string }[] {
  return [
    { label: 'First name', value: user.firstName },
    { label: 'Last name', value: user.lastName },
    { label: 'Email', value: user.email },
    { label: 'Phone', value: user.phone?.trim() || 'Not provided' },
    { label: 'Role', value: ROLE_LABELS[user.role] },
    { label: 'Member since', value: (user.createdAt && formatDate(user.createdAt)) || 'N/A' },
  ];
}

/** Input `accept` for the picture chooser: JPEG, JPG, PNG and WebP. */
export const PICTURE_ACCEPT = 'image/jpeg,image/png,image/webp,.jpg,.jpeg,.png,.webp';
export const PICTURE_HINT = 'JPEG, JPG, PNG or WebP, up to 5MB';
