import {
  bulkGiftRowSchema,
  GIFT_MESSAGES,
  isCompleteBulkRow,
  type BulkAssignGiftsBody,
  type BulkGiftRow,
  type BulkGiftRowError,
  type GiftStatus,
} from '@csp/contracts';

/**
 * The rows of /gifts/bulk-assign (spec part 2 §2.3 "Bulk gift assignment", §5 "Bulk gifts"): what the
 * table holds, which rows are sent (complete ones only), and the refused rows' reasons put back next
 * to the rows they came from. Pure, so it can be tested.
 */

/** The columns a row's reason can point at. */
export const BULK_FIELDS = [
  'studentId',
  'giftId',
  'globalSponsorId',
  'giftSubType',
  'giftDate',
  'giftStatus',
  'giftAmount',
] as const;
export type BulkField = (typeof BULK_FIELDS)[number];

export interface BulkRowValues {
  /** Stable across additions and removals (React keys, and where reasons are kept). */
  key: string;
  /** The student ID the programme gives a child ('STU-001'), typed. */
  studentId: string;
  giftId: string;
  globalSponsorId: string;
  giftSubType: string;
  /** YYYY-MM-DD; null follows the organisation's today. */
  giftDate: string | null;
  giftStatus: GiftStatus;
  /** null while empty. */
  giftAmount: number | null;
}

/** The reasons of one row: by column, and those about the row as a whole. */
export interface RowProblems {
  fields: Partial<Record<BulkField, string>>;
  other: string[];
}

export type RowProblemMap = Record<string, RowProblems>;

let made = 0;

/** An empty row: status Pending, dated today (spec §9). */
export function newBulkRow(key = `row-${++made}`): BulkRowValues {
  return {
    key,
    studentId: '',
    giftId: '',
    globalSponsorId: '',
    giftSubType: '',
    giftDate: null,
    giftStatus: 'PENDING',
    giftAmount: null,
  };
}

/** The rows without the one removed; the last row always stays (it is emptied instead). */
export function withoutRow(rows: readonly BulkRowValues[], key: string): BulkRowValues[] {
  if (rows.length <= 1) return [...rows];
  return rows.filter((r) => r.key !== key);
}

/** A NumberInput's value as an amount: null when empty or not a number. */
export function amountOf(value: string | number): number | null {
  if (value === '' || value === null || value === undefined) return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : null;
}

export interface BulkSubmission {
  body: BulkAssignGiftsBody;
  /** For each sent row (in the order sent) the key of the table row it came from. */
  sentKeys: string[];
}

/**
 * The body of POST /api/gifts/bulk-assign: the complete rows only (a student ID, a gift ID and an amount
 * above 0), trimmed, dated today when no date was chosen; null when no row is complete.
 */
export function toBulkSubmission(rows: readonly BulkRowValues[], today: string): BulkSubmission | null {
  const sent = rows.filter((r) => isCompleteBulkRow(r));
  if (sent.length === 0) return null;
  const gifts: BulkGiftRow[] = sent.map((r) => ({
    studentId: r.studentId.trim(),
    giftId: r.giftId.trim(),
    globalSponsorId: r.globalSponsorId.trim(),
    giftSubType: r.giftSubType.trim(),
    giftDate: r.giftDate ?? today,
    giftStatus: r.giftStatus,
    giftAmount: r.giftAmount,
  }));
  return { body: { gifts }, sentKeys: sent.map((r) => r.key) };
}

/** The reasons the contracts' row schema gives for the rows about to be sent (row counts from 1). */
export function checkSentRows(body: BulkAssignGiftsBody): BulkGiftRowError[] {
  const errors: BulkGiftRowError[] = [];
  body.gifts.forEach((row, i) => {
    const parsed = bulkGiftRowSchema.safeParse(row);
    if (parsed.success) return;
    const seen = new Set<string>();
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '');
      if (seen.has(field)) continue;
      seen.add(field);
      errors.push({ row: i + 1, field, message: issue.message });
    }
  });
  return errors;
}

/** A server's field name ('giftAmount', 'gifts.2.giftAmount') as one of the table's columns. */
function columnOf(field: string): BulkField | undefined {
  const last = field.split('.').at(-1) ?? '';
  return (BULK_FIELDS as readonly string[]).includes(last) ? (last as BulkField) : undefined;
}

/**
 * The reasons of refused rows (numbered from 1 in the order sent) by the key of the table row each came
 * from. A reason for a column that already has one is added to the row's other reasons; reasons for
 * rows that were not sent are dropped.
 */
export function problemsByRow(
  errors: readonly BulkGiftRowError[],
  sentKeys: readonly string[],
): RowProblemMap {
  const map: RowProblemMap = {};
  for (const e of errors) {
    const key = sentKeys[e.row - 1];
    if (key === undefined) continue;
    const problems = (map[key] ??= { fields: {}, other: [] });
    const column = columnOf(e.field);
    if (column && problems.fields[column] === undefined) problems.fields[column] = e.message;
    else if (!problems.other.includes(e.message)) problems.other.push(e.message);
  }
  return map;
}

/** The problems without one column's reason (the person changed that cell). */
export function clearProblem(map: RowProblemMap, key: string, field: BulkField): RowProblemMap {
  const problems = map[key];
  if (!problems || problems.fields[field] === undefined) return map;
  const fields = { ...problems.fields };
  delete fields[field];
  return { ...map, [key]: { ...problems, fields } };
}

/** How many rows have a reason shown. */
export function problemRowCount(map: RowProblemMap): number {
  return Object.values(map).filter((p) => p.other.length > 0 || Object.keys(p.fields).length > 0).length;
}

/** The per-row reasons of a 400 from POST /api/gifts/bulk-assign, if the body carries them. */
export function rowErrorsOf(data: unknown): BulkGiftRowError[] {
  if (!data || typeof data !== 'object' || !('errors' in data)) return [];
  const errors = (data as { errors: unknown }).errors;
  if (!Array.isArray(errors)) return [];
  return errors
    .filter(
      (e): e is BulkGiftRowError =>
        Boolean(e) &&
        typeof e === 'object' &&
        typeof (e as BulkGiftRowError).row === 'number' &&
        typeof (e as BulkGiftRowError).message === 'string',
    )
    .map((e) => ({ row: e.row, field: typeof e.field === 'string' ? e.field : '', message: e.message }));
}

/** The student whose student ID was typed: an exact match (after trimming) among the search's answers. */
export function matchStudent<T extends { studentId: string }>(
  typed: string,
  candidates: readonly T[],
): T | undefined {
  const id = typed.trim();
  if (!id) return undefined;
  return candidates.find((s) => s.studentId === id);
}

/** 'Please fill in at least one complete row' (spec §5), re-exported for the page. */
export const NO_COMPLETE_ROW = GIFT_MESSAGES.completeRow;
