/**
 * The SQL of idempotency keys (plugins/idempotency.ts): claiming a key for a request, recording its
 * answer, and the sweep of keys past their day. Every function takes the database or a transaction handle.
 */
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { idempotencyKeys } from '../../db/schema.ts';

export type IdempotencyKeyRecord = typeof idempotencyKeys.$inferSelect;

/**
 * Claims `key` for a request of `userId`: true when the key was free, or held by a row created before
 * `expiredBefore` (which is taken over, its answer dropped). False when a live row holds it: another
 * request with that key is running or has answered. One statement, so two requests sent at once with
 * the same key cannot both claim it.
 */
export async function claimIdempotencyKey(
  db: DbOrTx,
  claim: { userId: string; key: string; fingerprint: string },
  expiredBefore: Date,
): Promise<boolean> {
  const rows = await db
    .insert(idempotencyKeys)
    .values(claim)
    .onConflictDoUpdate({
      target: [idempotencyKeys.userId, idempotencyKeys.key],
      set: {
        fingerprint: claim.fingerprint,
        statusCode: null,
        contentType: null,
        body: null,
        createdAt: sql`now()`,
      },
      setWhere: lt(idempotencyKeys.createdAt, expiredBefore),
    })
    .returning({ key: idempotencyKeys.key });
  return rows.length === 1;
}

/** The row holding `key` for `userId`, if any. */
export async function findIdempotencyKey(
  db: DbOrTx,
  userId: string,
  key: string,
): Promise<IdempotencyKeyRecord | undefined> {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  return row;
}

/** Records the answer of the request that claimed `key` (a claim not answered yet). */
export async function completeIdempotencyKey(
  db: DbOrTx,
  userId: string,
  key: string,
  answer: { statusCode: number; contentType: string | null; body: string },
): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set(answer)
    .where(
      and(
        eq(idempotencyKeys.userId, userId),
        eq(idempotencyKeys.key, key),
        isNull(idempotencyKeys.statusCode),
      ),
    );
}

/**
 * Records the answer of a request that wrote nothing in a transaction of its own (the key was not
 * claimed with a write): kept for replays like any other, unless the key was taken meanwhile.
 */
export async function recordIdempotentAnswer(
  db: DbOrTx,
  row: {
    userId: string;
    key: string;
    fingerprint: string;
    statusCode: number;
    contentType: string | null;
    body: string;
  },
): Promise<void> {
  await db.insert(idempotencyKeys).values(row).onConflictDoNothing();
}

/** Frees `key` when the request that claimed it changed nothing (an error answer): it may be sent again. */
export async function releaseIdempotencyKey(db: DbOrTx, userId: string, key: string): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.userId, userId),
        eq(idempotencyKeys.key, key),
        isNull(idempotencyKeys.statusCode),
      ),
    );
}

/**
 * Deletes the keys created before `before`; answers how many. The hourly sweep deletes about an hour's
 * keys each time (one per write sent with a key), on the index of their creation time.
 */
export async function deleteExpiredIdempotencyKeys(db: DbOrTx, before: Date): Promise<number> {
  const rows = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, before))
    .returning({ key: idempotencyKeys.key });
  return rows.length;
}
