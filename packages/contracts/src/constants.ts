/**
 * The contracts' plain values: constants, patterns and text checks, with no zod. The web app's first
 * page reads some of these (session keys, roles, limits) and must not evaluate zod for them; the zod
 * schemas built from them live in common.ts, which re-exports everything here (the package's index
 * exports both, as before).
 */

/** Roles a user can hold. */
export const ROLES = ['ADMIN', 'TEACHER'] as const;

export const STUDENT_CATEGORIES = ['CENTER_BASE', 'HOME_BASE', 'SURVIVAL_PROGRAM'] as const;

/** The student categories as shown. */
export const CATEGORY_LABELS: Record<(typeof STUDENT_CATEGORIES)[number], string> = {
  CENTER_BASE: 'Center Base',
  HOME_BASE: 'Home Base',
  SURVIVAL_PROGRAM: 'Survival Program',
};

/** Business constants from the specification (part 1 §9, part 2 §9). */
export const LIMITS = {
  maxStudentsPerTeacher: 25,
  minPasswordLength: 6,
  maxPasswordLength: 128,
  otpLength: 6,
  apiTimeoutMs: 30_000,
  notificationsPollMs: 30_000,
  notificationsStaleMs: 10_000,
  searchDebounceMs: 300,
  profilePictureMaxBytes: 5 * 1024 * 1024,
  nameMaxLength: 100,
  emailMaxLength: 254,
  phoneMaxLength: 30,
} as const;

export const STORAGE_KEYS = { token: 'token', user: 'user' } as const;

/**
 * The web app's pages that a visitor without a session may see. The server sends /login its
 * prerendered document and the others a document without the signed-in pages' preloads.
 */
export const PUBLIC_PAGE_PATHS = ['/login', '/register', '/forgot-password'] as const;

/**
 * Response header carrying a renewed session token (same session, later expiry): sent when the
 * request's token is past half its life. The web app stores it in place of the one it sent.
 */
export const RENEWED_TOKEN_HEADER = 'x-session-token';

/**
 * Request header naming one write (IETF draft "The Idempotency-Key HTTP Header Field"): a POST sent again
 * with the same key by the same user gets the first answer back rather than being carried out twice. The
 * web app sends one with each JSON POST and keeps it for a retry of the same request.
 */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
/** Response header of an answer sent again for a repeated key. */
export const IDEMPOTENT_REPLAY_HEADER = 'idempotent-replayed';
/** An idempotency key: 1 to 255 visible ASCII characters (a UUID is what the web app sends). */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7E]{1,255}$/;

/** "non-space text, an at sign, then non-space text" (login form). */
/** Whether a text is a record's id as the database writes them (a UUID, in either case). */
export const isUuid = (text: string) =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(text);

export const LOOSE_EMAIL_PATTERN = /^\S+@\S+$/;
/** The pattern used by registration, reset and user forms. */
export const EMAIL_PATTERN = /^[A-Z0-9._%+-]+@[A-Z0-9.-]+\.[A-Z]{2,}$/i;

// eslint-disable-next-line no-control-regex -- the point: NUL and the other C0 controls, and DEL
const SINGLE_LINE_FORBIDDEN = /[\u0000-\u001F\u007F]/;
// eslint-disable-next-line no-control-regex -- as above, but tab, line feed and carriage return pass
const MULTI_LINE_FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
/** Half of a UTF-16 surrogate pair without its other half: not a character at all. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * True when text holds only characters PostgreSQL and a person can handle: no NUL (PostgreSQL refuses
 * the byte), no other control characters, no broken UTF-16. Multi-line text may hold tabs and line breaks.
 * Every free-text input of the contracts goes through this, so every route refuses such text with a
 * 400 naming the field.
 */
export function isPlainText(text: string, multiLine = false): boolean {
  return !(multiLine ? MULTI_LINE_FORBIDDEN : SINGLE_LINE_FORBIDDEN).test(text) && !LONE_SURROGATE.test(text);
}

export const notAllowedCharacters = (label: string) => `${label} contains characters that are not allowed`;

/**
 * Records made offline (issue 47): the server keeps the time of the tap, not of the arrival, when they
 * differ by more than the clocks may (a phone's clock is rarely exact), and refuses a tap time in the
 * future or older than OFFLINE_MAX_AGE_DAYS (default 7).
 */
export const OFFLINE_RECORDS = {
  clockSkewMs: 5 * 60_000,
  defaultMaxAgeDays: 7,
  maxMaxAgeDays: 90,
} as const;

export const RECORDED_AT_MESSAGES = {
  inFuture: "The time it was recorded is in the future. Check the phone's date and time.",
  tooOld: (days: number) =>
    `It was recorded more than ${days} days ago and can no longer be sent. Enter it again by hand.`,
} as const;
