import { z } from 'zod';

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

export const notificationSchema = z.object({
  id: z.string(),
  /** One of NOTIFICATION_TYPES or another server-defined type (shown as General). */
  type: z.string(),
  title: z.string(),
  message: z.string(),
  isRead: z.boolean(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;
export const notificationListSchema = z.array(notificationSchema);

export const markAllReadResponseSchema = z.object({ message: z.string(), updated: z.number().int() });
