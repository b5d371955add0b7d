import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.ts';
import { createRecordedApp, type RecordedApp } from '../../test/recorded-database.ts';
import { seedUser, uniqueEmail } from '../../test/setup.ts';

let r: RecordedApp;
beforeAll(async () => {
  r = await createRecordedApp();
});
afterAll(() => r.close());

/** The statements one forgot-password call sends, as SQL text (the parameters differ by email). */
async function statementsOf(email: string): Promise<string[]> {
  r.statements.length = 0;
  const res = await r.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
  expect(res.statusCode, res.body).toBe(200);
  return r.statements.map((s) => s.sql);
}

describe('POST /api/auth/forgot-password does the same work for every email', () => {
  it('sends the same statements for an account, an unknown email, an inactive and a deleted account', async () => {
    const known = await seedUser(r.app);
    const inactive = await seedUser(r.app, { isActive: false });
    const deleted = await seedUser(r.app);
    await r.app.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, deleted.id));

    const forKnown = await statementsOf(known.email);
    // Finding the account, then storing a code (pruning, replacing the earlier one).
    expect(forKnown.length).toBeGreaterThanOrEqual(4);
    expect(forKnown.some((sql) => /^insert into "one_time_codes"/.test(sql))).toBe(true);
    for (const email of [uniqueEmail('nobody'), inactive.email, deleted.email]) {
      expect(await statementsOf(email), email).toEqual(forKnown);
    }
  });
});
