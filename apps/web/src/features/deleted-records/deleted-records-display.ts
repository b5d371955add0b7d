import {
  DELETED_KIND_NOUNS,
  DELETED_KINDS,
  DELETED_RECORD_MESSAGES as M,
  PERMANENT_DELETE_PHRASE,
  type DeletedKind,
} from '@csp/contracts';

/**
 * How deleted records read on /admin/deleted-records (spec part 2 §2.7, §5 'Permanent delete', §8):
 * the tabs, the row texts, the dialogs' consequences and the failure toasts. Pure, so it is tested
 * without a browser.
 */

/** The tabs in order, with their labels. */
export const DELETED_TABS: { kind: DeletedKind; label: string }[] = [
  { kind: 'users', label: 'Users' },
  { kind: 'students', label: 'Students' },
  { kind: 'activities', label: 'Activities' },
  { kind: 'measurements', label: 'Measurements' },
  { kind: 'home-visits', label: 'Home Visits' },
];

/** The tab an address names (?tab=students); Users when absent or unknown. */
export function tabFromParam(value: string | null): DeletedKind {
  return (DELETED_KINDS as readonly string[]).includes(value ?? '') ? (value as DeletedKind) : 'users';
}

/** The address value of a tab: none for the first (Users), else the kind. */
export function tabParam(kind: DeletedKind): string | undefined {
  return kind === 'users' ? undefined : kind;
}

/** The list's name for assistive technology: 'Deleted home visits'. */
export function listLabel(kind: DeletedKind): string {
  const tab = DELETED_TABS.find((t) => t.kind === kind);
  return `Deleted ${(tab?.label ?? kind).toLowerCase()}`;
}

/** A category as it is stored, the underscore shown as a space: 'SURVIVAL PROGRAM'. */
export function categoryText(category: string): string {
  return category.replace(/_/g, ' ');
}

/** 'Nila Perera', or the fallback when there is no such person (a teacher deleted too, unassigned). */
export function personText(person: { firstName: string; lastName: string } | null, fallback = '—'): string {
  return person ? `${person.firstName} ${person.lastName}` : fallback;
}

/** 'Nila Perera (STU-001)': a student with their student id. */
export function studentText(student: { firstName: string; lastName: string; studentId: string }): string {
  return `${student.firstName} ${student.lastName} (${student.studentId})`;
}

/** A duration in minutes: '45 min'. */
export function minutesText(minutes: number): string {
  return `${minutes} min`;
}

/** '102.5 cm', '16.25 kg': up to two decimals, without trailing zeros. */
export function measureText(value: number, unit: 'cm' | 'kg'): string {
  return `${Number(value.toFixed(2)).toString()} ${unit}`;
}

/** A home visit's status as the visit pages name it. */
export function visitStatusText(status: 'PENDING' | 'APPROVED' | 'REJECTED'): string {
  return { PENDING: 'Pending Review', APPROVED: 'Approved', REJECTED: 'Rejected' }[status];
}

/** 'student', 'home visit': the noun in running text. */
export const kindNoun = (kind: DeletedKind) => DELETED_KIND_NOUNS[kind].toLowerCase();

/** What a restore brings back with the record (decisions 0002 and 0010). */
export function restoreConsequence(kind: DeletedKind): string {
  switch (kind) {
    case 'users':
      return 'They can sign in again, and the students still assigned to them are theirs again.';
    case 'students':
      return 'Their activities, measurements, home visits and gifts come back with them.';
    default:
      return `The ${kindNoun(kind)} shows in the lists again, exactly as it was.`;
  }
}

/** What a permanent delete takes with the record (decision 0010), for the warning dialog. */
export function permanentDeleteConsequence(kind: DeletedKind): string {
  switch (kind) {
    case 'users':
      return 'Their own activities, home visits, leaves, attendance and notifications go with them, with their photos. Measurements they took stay, without who measured them; students assigned to them become unassigned.';
    case 'students':
      return 'Their activities, measurements, home visits and gifts go with them, with all their photos and evidence images.';
    default:
      return `Its photos go with it.`;
  }
}

/** The typed prompt confirms only when it says DELETE exactly (spec part 2 §5): no trimming, no case folding. */
export function confirmsPermanentDelete(text: string): boolean {
  return text === PERMANENT_DELETE_PHRASE;
}

export interface FailureToast {
  /** The fixed message of the action (spec part 2 §8), as the title when a reason follows. */
  title?: string;
  message: string;
}

/**
 * The toast of a failed restore or permanent delete: the spec's fixed message ('Failed to restore
 * student'), and beneath it the server's reason when it gave one for a refusal the admin can act on —
 * a rule (409: 'Restore the student first: …') or a record no longer there (404).
 */
export function failureToast(
  fixed: string,
  error: { status: number | undefined; message: string | undefined },
): FailureToast {
  const { status, message } = error;
  if ((status === 404 || status === 409) && message && message !== fixed) return { title: fixed, message };
  return { message: fixed };
}

export const restoreFailedToast = (kind: DeletedKind, error: Parameters<typeof failureToast>[1]) =>
  failureToast(M.restoreFailed(kind), error);

export const permanentDeleteFailedToast = (kind: DeletedKind, error: Parameters<typeof failureToast>[1]) =>
  failureToast(M.permanentDeleteFailed(kind), error);
