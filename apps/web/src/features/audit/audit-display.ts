import {
  CATEGORY_LABELS,
  isUuid,
  type AuditAction,
  type AuditChainCheck,
  type AuditEntity,
  type AuditEvent,
} from '@csp/contracts';
import { formatDate, formatDateTime, isIsoDate } from '../../lib/dates.ts';
import { formatCount } from '../../lib/numbers.ts';

export const ACTION_LABELS: Record<AuditAction, string> = {
  create: 'Created',
  update: 'Updated',
  delete: 'Deleted',
  restore: 'Restored',
  permanent_delete: 'Deleted forever',
  review: 'Reviewed',
  check_in: 'Checked in',
  check_out: 'Checked out',
  sign_in: 'Signed in',
  sign_in_failed: 'Failed sign-in',
  password_change: 'Password changed',
};

export const ACTION_COLORS: Record<AuditAction, string> = {
  create: 'green',
  update: 'blue',
  delete: 'orange',
  restore: 'teal',
  permanent_delete: 'red',
  review: 'violet',
  check_in: 'cyan',
  check_out: 'indigo',
  sign_in: 'gray',
  sign_in_failed: 'red',
  password_change: 'yellow',
};

export const ENTITY_LABELS: Record<AuditEntity, string> = {
  user: 'User',
  student: 'Student',
  activity: 'Activity',
  measurement: 'Measurement',
  home_visit: 'Home visit',
  gift: 'Gift',
  leave: 'Leave',
  attendance: 'Attendance',
  office_location: 'Office location',
  settings: 'Settings',
  file: 'File',
};

const known = <K extends string>(map: Record<K, string>, key: string): key is K =>
  Object.prototype.hasOwnProperty.call(map, key);

/** 'Updated' for 'update'; an action the web does not know yet shows as sent. */
export function actionLabel(action: string): string {
  return known(ACTION_LABELS, action) ? ACTION_LABELS[action] : action;
}

export function actionColor(action: string): string {
  return known(ACTION_COLORS, action) ? ACTION_COLORS[action] : 'gray';
}

export function entityLabel(entity: string): string {
  return known(ENTITY_LABELS, entity) ? ENTITY_LABELS[entity] : entity;
}

/** Who an entry names: the person's email, or "System" for the server's own jobs (no email). */
export const actorLabel = (event: Pick<AuditEvent, 'actorEmail'>) => event.actorEmail ?? 'System';

/**
 * The trail check's answer as sentences: the verdict first, then what was found. Entries are numbered
 * as they were chained, 1 the oldest.
 */
export function chainVerdict(check: AuditChainCheck): { ok: boolean; title: string; details: string[] } {
  const entries = formatCount(check.entries);
  if (check.ok) {
    return {
      ok: true,
      title: `The audit trail is whole: ${formatCount(check.checked)} ${check.checked === 1 ? 'entry' : 'entries'} checked.`,
      details: [],
    };
  }
  const details: string[] = [];
  const broken = check.firstBroken;
  if (broken) {
    const which = `Entry ${formatCount(broken.seq)} of ${entries}`;
    const when = broken.at ? ` (recorded ${formatDateTime(broken.at)})` : '';
    details.push(
      broken.fault === 'changed'
        ? `${which}${when} is not as it was written.`
        : broken.fault === 'removed'
          ? `${which} has been removed from the trail.`
          : `${which}${when} no longer follows the one before it: an entry before it was removed, or one was added.`,
    );
    if (check.checked > 0) {
      details.push(
        check.checked === 1
          ? 'The entry before it is whole.'
          : `The ${formatCount(check.checked)} entries before it are whole.`,
      );
    }
  }
  if (check.unchained > 0) {
    const oldest = check.firstUnchained
      ? `, the oldest recorded ${formatDateTime(check.firstUnchained.at)}`
      : '';
    details.push(
      `${formatCount(check.unchained)} ${check.unchained === 1 ? 'entry was' : 'entries were'} added outside the chain${oldest}.`,
    );
  }
  const title = broken
    ? `The audit trail has been altered: entry ${formatCount(broken.seq)} of ${entries} is not as it was written.`
    : 'The audit trail has been altered.';
  return { ok: false, title, details };
}

/** Where a record of the trail can be opened, when it has a page of its own. */
export function recordLink(entity: string, entityId: string | null): string | undefined {
  if (!entityId) return undefined;
  if (entity === 'student') return `/students/${entityId}`;
  if (entity === 'user') return `/users/${entityId}`;
  return undefined;
}

/** The first 8 characters of an identifier (enough to tell records apart at a glance). */
export const shortId = (id: string) => id.slice(0, 8);

export const MAX_VALUE_LENGTH = 120;

const cut = (text: string) =>
  text.length > MAX_VALUE_LENGTH ? `${text.slice(0, MAX_VALUE_LENGTH - 1)}…` : text;

/** Field names whose words alone would not read right. */
const FIELD_LABELS = new Map([
  ['studentId', 'Student ID'],
  ['via', 'By way of'],
  // A stored file's (the file sweeper's deletions).
  ['originalName', 'File name'],
  ['mimeType', 'Type'],
  ['sizeBytes', 'Size (bytes)'],
]);

/**
 * A recorded field's name as words: 'dateOfBirth' 'Date of birth', 'assignedTeacherId' 'Assigned
 * teacher', 'isBabyBorn' 'Baby born'; names the web does not know read the same way.
 */
export function fieldLabel(field: string): string {
  const label = FIELD_LABELS.get(field);
  if (label) return label;
  const words = field
    .replace(/^is(?=[A-Z])/, '')
    .replace(/(?<=[a-z])Id$/, '')
    .replace(/(?<=[a-z0-9])(?=[A-Z])/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Fields whose values are the API's codes ('CENTER_BASE', 'APPROVED'), shown as words. */
const CODE_FIELDS = new Set(['category', 'status', 'role', 'sex', 'leaveType', 'position']);

const CODE = /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*$/;
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** 'SINGLE_DAY' 'Single day'. */
const codeWords = (code: string) => code.charAt(0) + code.slice(1).toLowerCase().replaceAll('_', ' ');

/**
 * A changed value as text: null as '—', yes/no for true/false, dates as elsewhere in the app ('22 Nov
 * 2026'), a record's id by the name the server sent for it (`names`) or else its first 8 characters, a
 * code as words; arrays joined, nested objects as compact JSON, long values cut. Text a person typed is
 * shown as typed.
 */
export function valueText(value: unknown, field?: string, names?: Record<string, string>): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) {
    return cut(
      value
        .map((v) => (v !== null && typeof v === 'object' ? JSON.stringify(v) : valueText(v, field, names)))
        .join(', '),
    );
  }
  if (typeof value === 'object') return cut(JSON.stringify(value));
  if (typeof value === 'string') {
    if (isUuid(value)) return names?.[value] ?? shortId(value);
    if (isIsoDate(value)) return formatDate(value);
    if (ISO_DATE_TIME.test(value)) return formatDateTime(value);
    if (field !== undefined && CODE_FIELDS.has(field) && CODE.test(value)) {
      return known(CATEGORY_LABELS, value) ? CATEGORY_LABELS[value] : codeWords(value);
    }
    return cut(value);
  }
  return cut(String(value));
}

/** The changed fields as readable 'Field: value' lines, in the order the server wrote them. */
export function changeLines(changes: Record<string, unknown>, names?: Record<string, string>): string[] {
  return Object.entries(changes).map(
    ([field, value]) => `${fieldLabel(field)}: ${valueText(value, field, names)}`,
  );
}
