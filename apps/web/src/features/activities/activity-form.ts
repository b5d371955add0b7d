import {
  ACTIVITY_LIMITS,
  ACTIVITY_MESSAGES,
  createActivityBodySchema,
  updateActivityBodySchema,
  type Activity,
  type CreateActivityBody,
  type UpdateActivityBody,
} from '@csp/contracts';
import { isApiError } from '../../lib/api.ts';
import { contractErrors, withFormRule, type FormErrors } from '../../lib/forms.ts';

/**
 * The activity forms' rules as pure functions (spec part 1 §5 "Create activity", "Edit activity", §7
 * POST/PATCH /activities, §8 "Activities"), kept apart from the pages so they can be tested.
 */

export interface ActivityFormValues {
  title: string;
  /** '' until a student is chosen; fixed on the edit form. */
  studentId: string;
  /** YYYY-MM-DD, or '' when cleared. */
  date: string;
  /** A number input: a number, or '' / the text typed so far. */
  duration: number | string;
  description: string;
}

/** A new activity: today, 120 minutes, everything else empty. */
export function emptyActivityValues(today: string, studentId = ''): ActivityFormValues {
  return { title: '', studentId, date: today, duration: ACTIVITY_LIMITS.defaultDuration, description: '' };
}

export function editActivityValues(activity: Activity): ActivityFormValues {
  return {
    title: activity.title,
    studentId: activity.studentId,
    date: activity.date,
    duration: activity.duration,
    description: activity.description ?? '',
  };
}

/** The duration as sent: a number, '' when empty (NaN for text that is not a number). */
function durationOf(value: number | string): number {
  if (typeof value === 'number') return value;
  return value.trim() === '' ? Number.NaN : Number(value);
}

/** POST /api/activities: title, studentId, date, duration, description (when given) and photos. */
export function toCreateActivityBody(values: ActivityFormValues, photos: string[]): CreateActivityBody {
  const description = values.description.trim();
  return {
    title: values.title.trim(),
    studentId: values.studentId,
    date: values.date.trim(),
    duration: durationOf(values.duration),
    ...(description ? { description } : {}),
    photos,
  };
}

/**
 * PATCH /api/activities/{id}: title, date, duration, photos (the full new list), and the description
 * only when it is not empty (spec part 1 §7). The student never travels: it cannot change.
 */
export function toUpdateActivityBody(values: ActivityFormValues, photos: string[]): UpdateActivityBody {
  const description = values.description.trim();
  return {
    title: values.title.trim(),
    date: values.date.trim(),
    duration: durationOf(values.duration),
    ...(description ? { description } : {}),
    photos,
  };
}

/**
 * The create form's checks, the contract's: 'Please enter an activity title', 'Please select a
 * student', 'Please select an activity date', a duration of at least 1 minute; and no day after today.
 * Photos are checked as they are picked.
 */
export function validateCreateActivity(values: ActivityFormValues, today: string): FormErrors {
  const errors = contractErrors(createActivityBodySchema, toCreateActivityBody(values, []));
  return withFormRule(errors, 'date', values.date.trim() > today, ACTIVITY_MESSAGES.dateInFuture);
}

/** The edit form's checks: the same title, date and duration rules (the date may not be cleared). */
export function validateEditActivity(values: ActivityFormValues, today: string): FormErrors {
  const errors = contractErrors(updateActivityBodySchema, toUpdateActivityBody(values, []));
  withFormRule(errors, 'date', !values.date.trim(), ACTIVITY_MESSAGES.dateRequired);
  return withFormRule(errors, 'date', values.date.trim() > today, ACTIVITY_MESSAGES.dateInFuture);
}

/**
 * The toast of a failed save or delete (spec part 1 §8 "Activities"): the server's message, else its
 * error field, else the given default.
 */
export function activityErrorText(error: unknown, fallback: string): string {
  if (isApiError(error)) {
    const data: unknown = error.response?.data;
    if (data && typeof data === 'object') {
      const { message, error: name } = data as { message?: unknown; error?: unknown };
      if (typeof message === 'string' && message.trim()) return message;
      if (Array.isArray(message) && message.length) return message.map(String).join(', ');
      if (typeof name === 'string' && name.trim()) return name;
    }
  }
  return fallback;
}

export const ACTIVITY_FAILURES = {
  create: 'Failed to create activity',
  update: 'Failed to update activity',
  delete: 'Failed to delete activity',
} as const;

/** Only the teacher who recorded an activity edits or deletes it; an administrator never does. */
export function canChangeActivity(
  activity: Pick<Activity, 'teacherId'>,
  me: { id: string; role: string },
): boolean {
  return me.role === 'TEACHER' && activity.teacherId === me.id;
}
