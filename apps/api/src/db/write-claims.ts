import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db, Tx } from './client.ts';

/**
 * A claim a request makes inside the first transaction it opens, so that the claim commits with the
 * request's write or not at all (the idempotency key of a POST: plugins/idempotency.ts).
 */
export interface WriteClaim {
  /** Makes the claim in `tx`; throws to refuse the write (the transaction rolls back). */
  make: (tx: Tx) => Promise<void>;
  /** A transaction of the request holds the claim (set when it starts; cleared if it fails). */
  made: boolean;
  /** The request has answered: work it left running makes no claim any more. */
  closed?: boolean;
}

const pending = new AsyncLocalStorage<WriteClaim>();

/** Runs `next` (the rest of the request: its handler) with `claim` waiting for its first transaction. */
export function withWriteClaim(claim: WriteClaim, next: () => void): void {
  pending.run(claim, next);
}

/**
 * `db` whose `transaction`, called while a request's claim is waiting, makes the claim first inside that
 * transaction. Everything else (queries, transactions outside a request or after the claim) is `db`'s own.
 */
export function claimingTransactions(db: Db): Db {
  const transaction: Db['transaction'] = async (run, config) => {
    const claim = pending.getStore();
    if (!claim || claim.made || claim.closed) return db.transaction(run, config);
    claim.made = true;
    try {
      return await db.transaction(async (tx) => {
        await claim.make(tx);
        return run(tx);
      }, config);
    } catch (err) {
      claim.made = false;
      throw err;
    }
  };
  return new Proxy(db, {
    get: (target, property) =>
      property === 'transaction' ? transaction : Reflect.get(target, property, target),
  });
}
