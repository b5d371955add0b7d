import type { AuditAction, AuditEntity } from '@csp/contracts';

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

/** A changed value as text: null as '—', arrays joined, nested objects as compact JSON, long values cut. */
export function valueText(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (Array.isArray(value)) {
    return cut(
      value.map((v) => (v !== null && typeof v === 'object' ? JSON.stringify(v) : valueText(v))).join(', '),
    );
  }
  if (typeof value === 'object') return cut(JSON.stringify(value));
  if (typeof value === 'string') return cut(value);
  return cut(String(value));
}

/** The changed fields as readable 'field: value' lines, in the order the server wrote them. */
export function changeLines(changes: Record<string, unknown>): string[] {
  return Object.entries(changes).map(([field, value]) => `${field}: ${valueText(value)}`);
}
