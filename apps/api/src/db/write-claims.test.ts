import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, seedUser, type SeededUser, type TestContext } from '../test/setup.ts';
import { idempotencyKeys } from './schema.ts';
import { writeTransaction, type WriteClaim } from './write-claims.ts';

// A request's claim is made inside its first write transaction (writeTransaction, given the claim by
// name) and commits with it; app.db itself is the plain database.

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

describe('write claims', () => {
  it('are made in the first transaction only, and commit with it', async () => {
    const claim = keyClaim('first-only');
    await t.app.db.execute(sql`select 1`); // a statement outside a transaction makes no claim
    expect(claim.times).toBe(0);
    await writeTransaction(t.app.db, claim, async (tx) => tx.execute(sql`select 1`));
    await writeTransaction(t.app.db, claim, async (tx) => tx.execute(sql`select 2`));
    expect(claim.times).toBe(1);
    expect(claim.made).toBe(true);
    expect(await held('first-only')).toBe(true);
  });

  it('roll back with a transaction that fails, and are made again by the next one', async () => {
    const claim = keyClaim('rolled-back');
    await expect(
      writeTransaction(t.app.db, claim, async () => {
        throw new Error('the write failed');
      }),
    ).rejects.toThrow('the write failed');
    expect(claim.made).toBe(false);
    expect(await held('rolled-back')).toBe(false);
    await writeTransaction(t.app.db, claim, async (tx) => tx.execute(sql`select 1`));
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
    await expect(
      writeTransaction(t.app.db, claim, async () => {
        wrote = true;
      }),
    ).rejects.toThrow('key taken');
    expect(wrote).toBe(false);
  });

  it('belong to their own request, and to none outside one', async () => {
    const a = keyClaim('request-a');
    const b = keyClaim('request-b');
    await Promise.all([
      writeTransaction(t.app.db, a, async (tx) => tx.execute(sql`select 1`)),
      writeTransaction(t.app.db, b, async (tx) => tx.execute(sql`select 1`)),
    ]);
    expect([a.times, b.times]).toEqual([1, 1]);
    expect(await held('request-a')).toBe(true);
    expect(await held('request-b')).toBe(true);
    // A request that has answered (its claim closed) makes none with work it left running.
    const answered = keyClaim('answered');
    answered.closed = true;
    await writeTransaction(t.app.db, answered, async (tx) => tx.execute(sql`select 1`));
    expect(answered.times).toBe(0);
    // A transaction not given the claim (app.db's own) makes none.
    const outside = keyClaim('outside');
    await t.app.db.transaction(async (tx) => tx.execute(sql`select 1`));
    await writeTransaction(t.app.db, null, async (tx) => tx.execute(sql`select 1`));
    expect(outside.times).toBe(0);
    expect(t.app.db).toBe(t.app.database.db);
  });
});
