import type { Db, Tx } from './client.ts';

/**
 * A claim a request makes inside its write transaction: the idempotency key of a POST
 * (plugins/idempotency.ts, `request.idempotencyClaim`).
 *
 * Why the claim rides in the request's first write transaction: the key must commit together with the
 * write it stands for, or not at all. Claimed in a transaction of its own before the write, a write that
 * then failed (or a server that stopped in between) would leave the key taken for a request that did
 * nothing; claimed after, a twin sent at the same moment could write twice. Inside the write's own
 * transaction it is one commit: a failed transaction takes the claim with it (the next one makes it
 * again), and a concurrent twin that claimed first makes this write refuse before it does anything.
 *
 * The code that opens a request's write transaction says so by calling `writeTransaction` with the
 * request's claim; every other transaction is the database's own `db.transaction`.
 */
export interface WriteClaim {
  /** Makes the claim in `tx`; throws to refuse the write (the transaction rolls back). */
  make: (tx: Tx) => Promise<void>;
  /** A transaction of the request holds the claim (set when it starts; cleared if it fails). */
  made: boolean;
  /** The request has answered: work it left running makes no claim any more. */
  closed?: boolean;
}

/**
 * `db.transaction(run)` for a request's write: with `claim` still to be made (not made by an earlier
 * transaction of the request, and the request not answered yet), the claim is made first inside the
 * transaction, so it commits with `run`'s write or not at all. Without a claim (no Idempotency-Key), it
 * is a plain transaction.
 */
export async function writeTransaction<T>(
  db: Db,
  claim: WriteClaim | null | undefined,
  run: (tx: Tx) => Promise<T>,
): Promise<T> {
  if (!claim || claim.made || claim.closed) return db.transaction(run);
  claim.made = true;
  try {
    return await db.transaction(async (tx) => {
      await claim.make(tx);
      return run(tx);
    });
  } catch (err) {
    claim.made = false;
    throw err;
  }
}
