import { z } from 'zod';
import { isoDateTime } from './common.ts';

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

// GET /api/notifications (own only, newest first). Without page/limit: the whole list (the inbox
// filters on the client). With both: that page, and the total in the X-Total-Count header.
export const notificationListQuerySchema = z.strictObject({
  page: z.coerce
    .number({ message: 'page must be a whole number' })
    .int({ message: 'page must be a whole number' })
    .min(1, { message: 'page must be 1 or more' })
    .optional(),
  limit: z.coerce
    .number({ message: 'limit must be a whole number' })
    .int({ message: 'limit must be a whole number' })
    .min(1, { message: 'limit must be between 1 and 100' })
    .max(100, { message: 'limit must be between 1 and 100' })
    .optional(),
});
export type NotificationListQuery = z.input<typeof notificationListQuerySchema>;
export const notificationListSchema = z.array(notificationSchema);

// POST /api/notifications/mark-all-read
export const markAllReadResponseSchema = z.object({ message: z.string(), updated: z.number().int() });
export type MarkAllReadResponse = z.infer<typeof markAllReadResponseSchema>;

export const NOTIFICATION_MESSAGES = {
  notFound: 'Notification not found',
  allMarkedRead: 'All notifications marked as read',
  deleted: 'Notification deleted',
} as const;
