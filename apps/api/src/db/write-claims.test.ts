import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, seedUser, type SeededUser, type TestContext } from '../test/setup.ts';
import { idempotencyKeys } from './schema.ts';
import { withWriteClaim, type WriteClaim } from './write-claims.ts';

// A request's claim is made inside its first transaction and commits with it (app.db is
// claimingTransactions(…): app.ts).

let t: TestContext;
let user: SeededUser;
beforeAll(async () => {
  t = await createTestApp();
  user = await seedUser(t.app);
});
afterAll(() => t.close());

/** A claim that writes `key`'s row in the transaction it is made in, counting how often it is made. */
function keyClaim(key: string) {
  const claim: WriteClaim & { times: number } = {
    made: false,
    times: 0,
    make: async (tx) => {
      claim.times += 1;
      await tx.insert(idempotencyKeys).values({ userId: user.id, key, fingerprint: 'f' });
    },
  };
  return claim;
}
const held = async (key: string) =>
  (await t.app.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).length === 1;
/** `work` run as a request's handler is, with `claim` waiting. */
const inRequest = <T>(claim: WriteClaim, work: () => Promise<T>) =>
  new Promise<T>((resolve, reject) => withWriteClaim(claim, () => void work().then(resolve, reject)));

describe('write claims', () => {
  it('are made in the first transaction only, and commit with it', async () => {
    const claim = keyClaim('first-only');
    await inRequest(claim, async () => {
      await t.app.db.execute(sql`select 1`); // a statement outside a transaction makes no claim
      expect(claim.times).toBe(0);
      await t.app.db.transaction(async (tx) => tx.execute(sql`select 1`));
      await t.app.db.transaction(async (tx) => tx.execute(sql`select 2`));
    });
    expect(claim.times).toBe(1);
    expect(claim.made).toBe(true);
    expect(await held('first-only')).toBe(true);
  });

  it('roll back with a transaction that fails, and are made again by the next one', async () => {
    const claim = keyClaim('rolled-back');
    await inRequest(claim, async () => {
      await expect(
        t.app.db.transaction(async () => {
          throw new Error('the write failed');
        }),
      ).rejects.toThrow('the write failed');
      expect(claim.made).toBe(false);
      expect(await held('rolled-back')).toBe(false);
      await t.app.db.transaction(async (tx) => tx.execute(sql`select 1`));
    });
    expect(claim.times).toBe(2);
    expect(await held('rolled-back')).toBe(true);
  });

  it('refuse the write when the claim cannot be made', async () => {
    const claim: WriteClaim = {
      made: false,
      make: async () => {
        throw new Error('key taken');
      },
    };
    let wrote = false;
    await inRequest(claim, async () => {
      await expect(
        t.app.db.transaction(async () => {
          wrote = true;
        }),
      ).rejects.toThrow('key taken');
    });
    expect(wrote).toBe(false);
  });

  it('belong to their own request, and to none outside one', async () => {
    const a = keyClaim('request-a');
    const b = keyClaim('request-b');
    await Promise.all([
      inRequest(a, () => t.app.db.transaction(async (tx) => tx.execute(sql`select 1`))),
      inRequest(b, () => t.app.db.transaction(async (tx) => tx.execute(sql`select 1`))),
    ]);
    expect([a.times, b.times]).toEqual([1, 1]);
    expect(await held('request-a')).toBe(true);
    expect(await held('request-b')).toBe(true);
    // A request that has answered (its claim closed) makes none with work it left running.
    const answered = keyClaim('answered');
    answered.closed = true;
    await inRequest(answered, () => t.app.db.transaction(async (tx) => tx.execute(sql`select 1`)));
    expect(answered.times).toBe(0);
    const outside = keyClaim('outside');
    await t.app.db.transaction(async (tx) => tx.execute(sql`select 1`));
    expect(outside.times).toBe(0);
  });
});
