import { z } from 'zod';
import { isoDateTime, searchQueryField } from './common.ts';
import { isIsoDate } from './dates.ts';
import { keysetQueryFields, pageQueryFields } from './paging.ts';

export const NOTIFICATION_TYPES = [
  'GIFT_ASSIGNMENT',
  'MEASUREMENT_REMINDER',
  'HOME_VISIT_REMINDER',
  'student_assigned',
  'GENERAL',
] as const;
export type KnownNotificationType = (typeof NOTIFICATION_TYPES)[number];

export const NOTIFICATION_TYPE_LABELS: Record<KnownNotificationType, string> = {
  GIFT_ASSIGNMENT: 'Gift Assignment',
  MEASUREMENT_REMINDER: 'Measurement Reminder',
  HOME_VISIT_REMINDER: 'Home Visit Reminder',
  student_assigned: 'Student Assigned',
  GENERAL: 'General',
};

/** A known type as itself; any other server-defined type is treated (filtered, labelled) as GENERAL. */
export function knownNotificationType(type: string): KnownNotificationType {
  return (NOTIFICATION_TYPES as readonly string[]).includes(type)
    ? (type as KnownNotificationType)
    : 'GENERAL';
}

export const notificationSchema = z.object({
  id: z.string(),
  /** One of NOTIFICATION_TYPES or another server-defined type (shown as General). */
  type: z.string(),
  title: z.string(),
  message: z.string(),
  isRead: z.boolean(),
  createdAt: isoDateTime,
});
export type Notification = z.infer<typeof notificationSchema>;

// GET /api/notifications (own only, newest first). Without any parameter: the whole list, as the
// spec's client reads it. With filters: only the matching ones, filtered in SQL. With page and/or limit
// (default 10): that page, and the total of matching ones in the X-Total-Count header.
const isoDateQuery = (field: string) =>
  z
    .string()
    .refine(isIsoDate, { message: `${field} must be a date (YYYY-MM-DD)` })
    .optional();

export const notificationListQuerySchema = z
  .strictObject({
    /** A known type; GENERAL also matches every type the list shows as General. */
    type: z
      .enum(NOTIFICATION_TYPES, { message: `type must be one of ${NOTIFICATION_TYPES.join(', ')}` })
      .optional(),
    /** true: read ones only; false: unread ones only. */
    read: z
      .enum(['true', 'false'], { message: 'read must be true or false' })
      .transform((v) => v === 'true')
      .optional(),
    /** Created on or after this day (the organisation's day). */
    from: isoDateQuery('from'),
    /** Created on or before this day (the organisation's day). */
    to: isoDateQuery('to'),
    /** Part of the title or message. */
    search: searchQueryField,
    ...pageQueryFields,
    ...keysetQueryFields,
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'from must not be after to',
    path: ['from'],
  });
export type NotificationListQuery = z.input<typeof notificationListQuerySchema>;
export const notificationListSchema = z.array(notificationSchema);

// POST /api/notifications/mark-all-read
export const markAllReadResponseSchema = z.object({ message: z.string(), updated: z.number().int() });
export type MarkAllReadResponse = z.infer<typeof markAllReadResponseSchema>;

// GET /api/notifications/counts: the bell's and the inbox header's numbers, one cheap call.
export const notificationCountsSchema = z.object({
  total: z.number().int(),
  unread: z.number().int(),
  read: z.number().int(),
});
export type NotificationCounts = z.infer<typeof notificationCountsSchema>;

export const NOTIFICATION_MESSAGES = {
  notFound: 'Notification not found',
  allMarkedRead: 'All notifications marked as read',
  deleted: 'Notification deleted',
} as const;
