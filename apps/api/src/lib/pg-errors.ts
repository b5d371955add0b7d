/** True when a database error (pg or PGlite, possibly wrapped by Drizzle) is a unique violation. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  let e: unknown = err;
  for (let i = 0; i < 3 && e; i++) {
    const candidate = e as { code?: string; constraint?: string; cause?: unknown };
    if (candidate.code === '23505') return !constraint || candidate.constraint === constraint;
    e = candidate.cause;
  }
  return false;
}
